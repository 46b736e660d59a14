# A module of a namespace portion (mylib/portion has no __init__.py).
WIDTH = 64
