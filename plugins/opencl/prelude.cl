/*
 * prelude.cl - what the element layer (csrc/kernels/common) expects from C99 and the C library,
 * spelled in OpenCL C. The first text of every program the OpenCL plug-in builds.
 */
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

typedef char int8_t;
typedef short int16_t;
typedef int int32_t;
typedef long int64_t;
typedef uchar uint8_t;
typedef ushort uint16_t;
typedef uint uint32_t;
typedef ulong uint64_t;

#define INT8_MIN (-128)
#define INT8_MAX 127
#define INT16_MIN (-32768)
#define INT16_MAX 32767
#define INT32_MIN INT_MIN
#define INT32_MAX INT_MAX
#define INT64_MIN LONG_MIN
#define INT64_MAX LONG_MAX
#define UINT8_MAX 255
#define UINT16_MAX 65535
#define UINT32_MAX UINT_MAX
#define UINT64_MAX ULONG_MAX
#define INT64_C(x) x##L
#define UINT64_C(x) x##UL

/* bit casts (half.h, elem_math.h) copy between private variables */
#define memcpy(d, s, n) __builtin_memcpy(d, s, n)

/* float16 goes through half.h's bit conversions, as on every backend */
#undef __FLT16_MANT_DIG__

/* OpenCL's math built-ins are overloaded: the C library's float names map to them */
#define fabsf fabs
#define floorf floor
#define ceilf ceil
#define truncf trunc
#define roundf round
#define rintf rint
#define nearbyintf rint
#define fmodf fmod
#define remainderf remainder
#define powf pow
#define sqrtf sqrt
#define cbrtf cbrt
#define expf exp
#define exp2f exp2
#define expm1f expm1
#define logf log
#define log1pf log1p
#define log2f log2
#define log10f log10
#define sinf sin
#define cosf cos
#define tanf tan
#define asinf asin
#define acosf acos
#define atanf atan
#define atan2f atan2
#define sinhf sinh
#define coshf cosh
#define tanhf tanh
#define asinhf asinh
#define acoshf acosh
#define atanhf atanh
#define hypotf hypot
#define copysignf copysign
#define nextafterf nextafter
#define frexpf frexp
#define ldexpf ldexp
#define fmaxf fmax
#define fminf fmin
#define fmaf fma
#define modff modf
#define ilogbf ilogb
#define nearbyint rint

/* [Why fmod's NaN] remainder's NaN results are compared bit for bit with the CPU's, the sign
 * included. The CPU's fmod (glibc) returns a NaN operand itself (the first one when both are
 * NaN) and, for an invalid operation (an infinite dividend, a zero divisor), x86's default NaN,
 * whose sign bit is set; OpenCL's returns a positive NaN in every case. */
__attribute__((overloadable)) static inline float pcl_fmod(float a, float b)
{
    const float r = fmod(a, b);
    return isnan(a) ? a : isnan(b) ? b : isnan(r) ? as_float(0xffc00000u) : r;
}
__attribute__((overloadable)) static inline double pcl_fmod(double a, double b)
{
    const double r = fmod(a, b);
    return isnan(a) ? a : isnan(b) ? b : isnan(r) ? as_double(0xfff8000000000000ul) : r;
}
#undef fmod
#define fmod pcl_fmod
