import triton
import triton.language as tl
X = 1; Y: int = 2
Z = lambda: 0
W += 1
T = triton.language.constexpr(3) \
    + 4


@triton.jit(debug=True)
def k(a, b: tl.tensor = None, *, c=1, d=(1, 2), e=[1], /) -> tl.tensor:
    s = 'a' "b" '''c''' """d
e""" r'\x' u'\u00e9\N{DASH}' '\x41\101\n\t\\\''
    t = a.b.c(d)(e)[f][g:h, ::i, j:, :k, ...].m
    u = a < b <= c == d != e > f >= g is h is not i in j not in k
    v = a | b ^ c & d << e >> f + g - h * i / j // k % l @ m ** -n ** +o
    w = (yield), (x := 1), [*a, *b], f(*a, **b, c=d), f(x for x in y)
    x, (y, [z, *w]) = 1, (2, [3, 4, 5])
    a.b = c[d] = e
    f: tl.constexpr
    g -= 1; h *= 2; i /= 3; j //= 4; k %= 5; l **= 6; m <<= 7; n >>= 8
    o &= 9; p |= 10; q ^= 11; r @= 12
    if a: pass
    elif b: pass
    else: pass
    while 0: pass
    for i in 1,2: pass
    def inner(): return
    return
