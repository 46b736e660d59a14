@triton.jit
def k(x):
    if a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
    elif a:
        pass
