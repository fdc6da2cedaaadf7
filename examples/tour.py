"""A short tour of paddle_c on the CPU. Run with `make demo`."""

import numpy as np

import paddle_c as pc


def show(title, value):
    print(f"\n--- {title}")
    print(value)


def main():
    print(f"paddle_c {pc.__version__}, array API {pc.__array_api_version__}, "
          f"devices: {pc.__array_namespace_info__().devices()}")

    x = pc.asarray([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    show("a tensor from nested lists (default float dtype: float32)", x)
    show("shape, dtype, device, ndim, size", (x.shape, x.dtype, x.device, x.ndim, x.size))
    show("the transpose is a view: x.T", x.T)

    show("creation: arange, linspace, eye, full",
         [pc.arange(5), pc.linspace(0, 1, 5), pc.eye(3, k=1, dtype=pc.int8), pc.full((2,), 7)])

    a = np.arange(6.0).reshape(2, 3)
    t = pc.asarray(a)
    np.asarray(t)[0, 0] = 100.0
    show("zero-copy with NumPy both ways (writing through np.asarray(t) changes a)", a)

    show("15 dtypes, including float16 and bfloat16 (rounded to nearest even)",
         pc.asarray([1.0, 1 / 3, 1e-8, 70000.0]).astype(pc.bfloat16))
    show("casting is defined for every pair: NaN and overflow saturate when going to integers",
         pc.asarray([float("nan"), 1e10, -1e10, 2.7]).astype(pc.int32))

    show("Paddle's promotion lattice: result_type(int64, float16), result_type(uint8, int8)",
         (pc.result_type(pc.int64, pc.float16), pc.result_type(pc.uint8, pc.int8)))
    show("... and its scalar rules: int tensor with a float scalar -> float32",
         pc.result_type(pc.asarray([1, 2]), 1.5))

    show("finfo / iinfo", (pc.finfo(pc.bfloat16), pc.iinfo(pc.uint16)))

    show("elementwise with broadcasting: x + [10, 20, 30]", x + pc.asarray([10.0, 20.0, 30.0]))
    show("operators follow Paddle's promotion: int8 tensor * 2.5 -> float32",
         pc.asarray([1, 2, 3], dtype=pc.int8) * 2.5)
    show("reductions: sum over axis 0, mean of everything", (pc.sum(x, axis=0), pc.mean(x)))

    y = pc.reshape(pc.arange(12), (3, 4))
    show("basic indexing gives views: y[1:, ::2]", y[1:, ::2])
    show("boolean-mask indexing: y[y % 3 == 0]", y[y % 3 == 0])
    y[:, 1] = pc.asarray([-1, -2, -3])
    y[y > 8] = 0
    show("__setitem__ with broadcasting and with a mask", y)

    show("sorting, unique values and their counts",
         (pc.sort(pc.asarray([3, 1, 2])), pc.unique_counts(pc.asarray([1, 1, 2, 5, 5, 5]))))
    A = pc.asarray([[4.0, 1.0], [1.0, 3.0]], dtype=pc.float64)
    show("linear algebra: x @ x.T, solve(A, b), eigvalsh(A)",
         (x @ x.T, pc.linalg.solve(A, pc.asarray([1.0, 2.0], dtype=pc.float64)),
          pc.linalg.eigvalsh(A)))
    show("fft of [1, 0, 0, 0]", pc.fft.fft(pc.asarray([1.0, 0.0, 0.0, 0.0])))

    n = np.from_dlpack(pc.arange(4.0))
    show("DLPack: NumPy reads a paddle_c tensor without a copy", (type(n).__name__, n))
    print("\nDone.")


if __name__ == "__main__":
    main()
