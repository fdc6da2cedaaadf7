/*
 * default_dtype.c - the default floating dtype, and the complex one that goes with it.
 *
 * The default floating dtype is the dtype paddle_c picks when nothing names one: creation
 * functions without a dtype, Python floats in asarray, an integer or bool tensor with a Python
 * float, true division and the floating functions of integer tensors, the mean of integers. It
 * starts as Paddle's float32; pc_set_default_float (Python: set_default_dtype) changes it to
 * float16, bfloat16, float32 or float64. The default complex dtype is its complex counterpart
 * (complex64, or complex128 for float64). The default integer dtype stays int64.
 *
 * [Why one process-wide atomic] Paddle's set_default_dtype (and PyTorch's) is global to the
 * process, and code that calls it expects the threads it starts afterwards to see the setting.
 * The value is one int read by every operation that needs a default, so a relaxed atomic load
 * is all a reader pays; a writer races with nothing but other writers, and the last store wins.
 * An operation reads the setting once for each choice it makes.
 */
#include <stdatomic.h>

#include "paddle_c/dtype.h"

static atomic_int default_float = PC_FLOAT32;

pc_dtype pc_default_float(void)
{
    return (pc_dtype)atomic_load_explicit(&default_float, memory_order_relaxed);
}

pc_dtype pc_default_complex(void)
{
    return pc_dtype_complex_of(pc_default_float());
}

pc_status pc_set_default_float(pc_dtype dt)
{
    if (!pc_dtype_is_valid((int)dt) || pc_dtype_kind(dt) != PC_KIND_FLOAT) {
        return pc_error_set(PC_ERR_TYPE, "the default dtype must be a real floating dtype "
                            "(float16, bfloat16, float32 or float64), not %s", pc_dtype_name(dt));
    }
    atomic_store_explicit(&default_float, (int)dt, memory_order_relaxed);
    return PC_OK;
}
