# torch.bmm of 1365 x 128^3 f64 on random inputs, for ncu: 3 warm-up calls, then 3 timed.
import torch
b, n = 1365, 128
a = torch.randn(b, n, n, dtype=torch.float64, device="cuda")
w = torch.randn(b, n, n, dtype=torch.float64, device="cuda")
for _ in range(6):
    c = torch.bmm(a, w)
torch.cuda.synchronize()
print("ok", float(c[0, 0, 0]))
