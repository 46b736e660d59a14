# A kernel library's package, as FlagGems and Liger-Kernel lay theirs out:
# tkc finds its modules from the kernel's package root. Host code such as
# this import of torch is never run.
import torch  # noqa: F401
