# A kernel library that reaches Triton through a shim of its own, as vLLM
# does with vllm.triton_utils (shim_kernel.py is the test).
