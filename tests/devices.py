"""The devices this test process can use, named once.

Test modules import these lists (and conftest.py's `device` fixture runs a test once per device
of ALL) instead of each asking `__array_namespace_info__().devices()` again. Which devices
exist depends on the run: the CPU always; hostdev:0 with PADDLE_C_TEST_BACKENDS=hostdev
(make test-hostdev); xpu:0 with the OpenCL plug-in (make test-opencl); gpu:N on a GPU machine.

Naming of device tests: test_consistency_<family>.py compare every non-CPU device with the CPU
(OTHERS); test_<backend>.py test one backend's own behaviour (test_gpu.py, test_plugin_opencl.py,
test_hostdev_limits.py); test_device_<topic>.py and test_mixed_devices.py test the device layer
itself (threads, several devices in one call).
"""
import paddle_c as pc

ALL = list(pc.__array_namespace_info__().devices())
OTHERS = [d for d in ALL if d.type != "cpu"]
GPUS = [d for d in ALL if d.type == "gpu"]
HOSTDEV = [d for d in ALL if str(d).startswith("hostdev")]
XPU = [d for d in ALL if str(d).startswith("xpu")]
