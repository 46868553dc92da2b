"""The array frameworks libscan's functions take arrays from: NumPy, torch, CuPy, JAX.

Each adapter does, in its framework, the little the functions need besides the scan itself:
name dtypes, allocate outputs (on the input's device, so that torch's caching allocator and graph
capture work), convert, copy, take views along an axis, find the current stream, and export an
array to the extension through DLPack on that stream. JAX arrays are immutable: `borrow` hands
them to a mutable framework over the same memory and brings the results back (the seam where an
XLA FFI path will go).
"""

import contextlib
import functools

import numpy as np

_HALF = ("float16", "bfloat16")
_SAME_DEVICE = contextlib.nullcontext()  # reusable: it holds nothing


def _legacy_default(handle):
    # DLPack's stream protocol reserves 0; 1 is CUDA's legacy default stream.
    return 1 if handle == 0 else handle


def stream_handle(stream):
    """An int handle from an int, an object with __cuda_stream__, or torch's / CuPy's streams."""
    if isinstance(stream, int):
        return stream
    if hasattr(stream, "__cuda_stream__"):
        return int(stream.__cuda_stream__()[1])
    for attribute in ("cuda_stream", "ptr"):  # torch.cuda.Stream, cupy.cuda.Stream
        if hasattr(stream, attribute):
            return int(getattr(stream, attribute))
    raise TypeError(
        "stream: an int handle, an object with __cuda_stream__, or a torch or CuPy stream"
    )


class _NumPy:
    name = "numpy"

    def __init__(self, module=np):
        self.xp = module

    def dtype_name(self, dtype):
        return np.dtype(dtype).name

    def exports(self, name):
        """Whether arrays of dtype `name` cross DLPack: NumPy's bfloat16 (ml_dtypes) does not, so
        it is scanned as float32, the type its scans accumulate in anyway."""
        return name != "bfloat16" or self.xp is not np

    def dtype(self, name):
        if name == "bfloat16":
            import ml_dtypes

            return ml_dtypes.bfloat16
        return np.dtype(name)

    def empty(self, shape, name, like):
        return self.xp.empty(shape, dtype=self.dtype(name))

    def empty_like(self, x, name):
        """An uninitialized array of x's shape, layout (for dense x) and device."""
        return self.xp.empty_like(x, dtype=self.dtype(name))

    def astype(self, x, name):
        return x.astype(self.dtype(name))

    def copy_into(self, dst, src):
        dst[...] = src

    def narrow(self, x, axis, start, length):
        index = [slice(None)] * x.ndim
        index[axis] = slice(start, start + length)
        return x[tuple(index)]

    def contiguous(self, x):
        return self.xp.ascontiguousarray(x)

    def reshape(self, x, shape):
        return x.reshape(shape)

    def records(self, x, values):
        """Where x equals its running extreme (NaN matching NaN), as bool."""
        eq = x == values
        if self.dtype_name(x.dtype) in ("float16", "bfloat16", "float32", "float64"):
            eq |= self.xp.isnan(x) & self.xp.isnan(values)
        return eq

    def positions(self, mask, axis):
        """int64: the index along axis where mask holds, else 0."""
        shape = [1] * mask.ndim
        shape[axis] = mask.shape[axis]
        index = self.xp.arange(mask.shape[axis], dtype=self.xp.int64).reshape(shape)
        return self.xp.where(mask, index, self.xp.zeros((), dtype=self.xp.int64))

    def take_along(self, x, indices, axis):
        return self.xp.take_along_axis(x, indices, axis=axis)

    def count_heads(self, flags):
        return int(self.xp.count_nonzero(flags[1:])) + 1 if flags.shape[0] else 0

    def key_heads(self, keys):
        return self.count_heads(self.xp.concatenate([keys[:1], keys[1:] != keys[:-1]]))

    def on_current_device(self, x):
        """Whether x is on the current device (new arrays and the current stream are its)."""
        return True

    def on_device(self, x):
        """A context in which new arrays and the current stream are x's device's."""
        return _SAME_DEVICE

    def current_stream(self, x):
        return 0

    def export(self, x, stream):
        return x

    def axis_operand(self, x, stream):
        """x as the extension's scan_axis takes it (exported for stream, None: the current)."""
        return self.export(x, stream)

    def current_operand(self, x, name):
        """axis_operand on the current stream, x's dtype name known (`name`)."""
        return self.export(x, None)


class _CuPy(_NumPy):
    name = "cupy"

    def __init__(self):
        import cupy

        super().__init__(cupy)

    def on_current_device(self, x):
        return x.device.id == self.xp.cuda.runtime.getDevice()

    def on_device(self, x):
        return x.device

    def current_stream(self, x):
        import cupy

        return cupy.cuda.get_current_stream().ptr

    def export(self, x, stream):
        if stream is None:
            stream = self.current_stream(x)
        return x.__dlpack__(stream=_legacy_default(stream))


class _Torch:
    name = "torch"

    def __init__(self):
        import torch

        self.torch = torch
        self._raw_stream = getattr(torch._C, "_cuda_getCurrentRawStream", None)
        # The current device's index without torch.cuda's initialization check: a CUDA tensor
        # exists, so CUDA is initialized.
        self._current_device = getattr(torch._C, "_cuda_getDevice", torch.cuda.current_device)
        self._names = {}  # torch dtype -> NumPy's name

    def dtype_name(self, dtype):
        name = self._names.get(dtype)
        if name is None:
            name = self._names.setdefault(dtype, str(dtype).rsplit(".", 1)[-1])
        return name

    def exports(self, name):
        return True

    def dtype(self, name):
        return getattr(self.torch, name)

    def empty(self, shape, name, like):
        return self.torch.empty(tuple(shape), dtype=self.dtype(name), device=like.device)

    def empty_like(self, x, name):
        return self.torch.empty_like(x, dtype=self.dtype(name))

    def astype(self, x, name):
        return x.to(self.dtype(name))

    def copy_into(self, dst, src):
        dst.copy_(src)

    def narrow(self, x, axis, start, length):
        return x.narrow(axis, start, length)

    def contiguous(self, x):
        return x.contiguous()

    def reshape(self, x, shape):
        return x.reshape(shape)

    def records(self, x, values):
        eq = x == values
        if x.is_floating_point():
            eq |= self.torch.isnan(x) & self.torch.isnan(values)
        return eq

    def positions(self, mask, axis):
        shape = [1] * mask.ndim
        shape[axis] = mask.shape[axis]
        index = self.torch.arange(mask.shape[axis], dtype=self.torch.int64, device=mask.device)
        zero = self.torch.zeros((), dtype=self.torch.int64, device=mask.device)
        return self.torch.where(mask, index.reshape(shape), zero)

    def take_along(self, x, indices, axis):
        return self.torch.gather(x, axis, indices)

    def count_heads(self, flags):
        return int(self.torch.count_nonzero(flags[1:])) + 1 if flags.shape[0] else 0

    def key_heads(self, keys):
        return int(self.torch.count_nonzero(keys[1:] != keys[:-1])) + 1 if keys.shape[0] else 0

    def on_current_device(self, x):
        return not x.is_cuda or x.get_device() == self._current_device()

    def on_device(self, x):
        if self.on_current_device(x):
            return _SAME_DEVICE
        return self.torch.cuda.device(x.device)

    def current_stream(self, x):
        if not x.is_cuda:
            return 0
        if self._raw_stream is not None:  # the handle without building a Stream object
            return self._raw_stream(x.get_device())
        return self.torch.cuda.current_stream(x.device).cuda_stream

    def export(self, x, stream):
        """x for the extension; stream: the one the scan runs on, when it is not torch's current
        stream (DLPack then has torch order it after the work queued on its current stream)."""
        if x.requires_grad:
            x = x.detach()
        if stream is None or not x.is_cuda:
            return x
        return x.__dlpack__(stream=_legacy_default(stream))

    def axis_operand(self, x, stream):
        if stream is not None:
            return self.export(x, stream)
        return self.current_operand(x, self.dtype_name(x.dtype))

    def current_operand(self, x, name):
        """On torch's current stream, x's fields: reading them costs a tenth of a DLPack export,
        which is as long as a small scan's launch."""
        if x.is_neg() or x.is_conj():
            return self.export(x, None)
        device = x.get_device()
        return (x.data_ptr(), name, x.shape, x.stride(), 1 if device < 0 else 2,
                max(device, 0))


_adapters = {}


def _adapter(name):
    if name not in _adapters:
        _adapters[name] = {"numpy": _NumPy, "torch": _Torch, "cupy": _CuPy}[name]()
    return _adapters[name]


@functools.lru_cache(maxsize=None)
def _root_module_of(cls):
    return cls.__module__.split(".", 1)[0]


def adapter_of_type(cls):
    """The adapter of the framework whose arrays are of type cls; None for any other type (JAX's
    arrays included)."""
    root = _root_module_of(cls)
    return _adapter(root) if root in ("numpy", "torch", "cupy") else None


def framework_of(x, argument="x"):
    """The adapter of x's framework; TypeError naming the argument for anything else."""
    adapter = adapter_of_type(type(x))
    if adapter is not None:
        return adapter
    raise TypeError(
        f"{argument}: a NumPy, torch, CuPy or JAX array, got {type(x).__module__}."
        f"{type(x).__name__}"
    )


def is_jax(x):
    return _root_module_of(type(x)) in ("jax", "jaxlib")


def borrow(x):
    """(array, back): x itself and the identity, or for a JAX array, the same memory as a NumPy
    array (CPU) or a CuPy or torch array (GPU), and a function that makes a JAX array of a
    result. JAX's arrays are immutable, so results are allocated in the borrowed framework."""
    if not is_jax(x):
        return x, lambda result: result
    import jax

    x.block_until_ready()
    platform = next(iter(x.devices())).platform
    if platform == "cpu":
        # NumPy's bfloat16 (ml_dtypes) does not cross DLPack: a copy, in and out.
        borrowed = np.asarray(x) if x.dtype.name == "bfloat16" else np.from_dlpack(x)
    else:
        try:
            import cupy

            borrowed = cupy.from_dlpack(x)
        except ImportError:
            import torch

            borrowed = torch.from_dlpack(x)

    def back(result):
        if isinstance(result, tuple):
            items = [back(r) for r in result]
            return type(result)(*items) if hasattr(result, "_fields") else tuple(items)
        if isinstance(result, np.ndarray) and not _adapter("numpy").exports(result.dtype.name):
            return jax.numpy.asarray(result)
        return jax.dlpack.from_dlpack(result)

    return borrowed, back
