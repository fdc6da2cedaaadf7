/* dtype_params.h - the dtype parameters of the element layer (kernels/common/dtype_params.h),
 * where the CPU kernels have always included them from. */
#include "kernels/common/dtype_params.h"
