# Whether Triton is installed: host code that tkc never evaluates.
from importlib.util import find_spec

HAS_TRITON = find_spec("triton") is not None
