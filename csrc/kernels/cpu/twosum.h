/* twosum.h - the CPU loops' name for the element layer's TwoSum (kernels/common/twosum.h). */
#ifndef PADDLE_C_KERNELS_CPU_TWOSUM_H
#define PADDLE_C_KERNELS_CPU_TWOSUM_H

#include "kernels/common/twosum.h"

#endif
