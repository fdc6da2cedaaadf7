/*
 * transcendental.c - the CPU kernels of exponential, logarithmic, trigonometric and hyperbolic
 * functions of real floating dtypes, atan2, hypot, copysign, nextafter and logaddexp:
 * transcendental_impl.h instantiated per dtype.
 */
#include "ew_common.h"

#define PCK_BODY "transcendental_impl.h"
#include "each_dtype.h"
#undef PCK_BODY

void pc_cpu_register_transcendental(void)
{
    static const ew_reg *const tables[PC_NUM_DTYPES] = {
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt) transcendental_kernels_##ID,
#include "paddle_c/dtypes.def"
#undef PC_DTYPE
    };
    ew_register_tables(tables);
}
