/*
 * complex_bodies.h - the complex functions of complex_math.h for one real type: the three
 * bodies instantiated with the CM_* parameters the includer defines (the real type, the pair
 * type, names, libm spellings and the type's thresholds), then those parameters undefined so
 * that the next type can define its own. Included by complex_math.h once per type; no include
 * guard.
 */
#include "complex_exp_body.h"
#include "complex_log_body.h"
#include "complex_arc_body.h"
#undef CM_R
#undef CM_T
#undef CM_F
#undef CM_M
#undef CM_EPS
#undef CM_MIN
#undef CM_MAX
#undef CM_SQRT_MIN
#undef CM_4_SQRT_MIN
#undef CM_SQRT_3_EPS
#undef CM_SQRT_6_EPS
#undef CM_BIG
#undef CM_EXP_OVFL
#undef CM_CEXP_OVFL
#undef CM_K
#undef CM_KLN2
#undef CM_SUB_SCALE
#undef CM_SUB_UNSCALE
