/*
 * fft_body_impl.h - the FFT engine for one precision: included by fft.c through each_dtype.h,
 * active for the complex dtypes (COMPLEX64: float, COMPLEX128: double). No include guard.
 *
 * It names the types of the precision and includes the engine's parts in dependency order:
 *   fft_radix_impl.h      butterflies and Stockham passes on lane vectors
 *   fft_lanes_impl.h      gathering lines into lanes and scattering them back
 *   fft_lines_impl.h      batches of lines, the six-step split, the dispatcher
 *   fft_bluestein_impl.h  lengths with large prime factors
 *   fft_real_impl.h       real-input and real-output transforms
 *   fft_axis_impl.h       the whole-tensor kernels: a tensor's lines along one axis
 *
 * Names used by the parts (undefined again at the end):
 *   FR     the real type (float, double)      FV    a lane vector of FR (fft_vf, fft_vd)
 *   FVI    an integer vector of FR's width (shuffle masks)
 *   FL     lanes per vector                   FCV   a lane vector of complex values (split)
 *   FC     one complex value (interleaved)    FFN(name)  name_COMPLEX64 / name_COMPLEX128
 *   FPREC  the plan precision (fft_prec)
 * and the lane-vector helpers of fft_radix_impl.h: CADD, CSUB, CMUL, CMULW, CROT, CPUT.
 */
#if PCK_K == PCK_KC

#define FR PCK_RT
#define FV PCK_CAT(FFT_V_, PCK_N)
#define FVI PCK_CAT(FFT_VI_, PCK_N)
#define FL ((int)(FFT_VBYTES / sizeof(FR)))
#define FFN(name) PCK_FN(name)
#define FCV FFN(fft_cv)
#define FC FFN(fft_c)
#define FPREC PCK_CAT(FFT_PREC_, PCK_N)
#define CADD FFN(cv_add)
#define CSUB FFN(cv_sub)
#define CMUL FFN(cv_mul)
#define CMULW FFN(cv_mulw)
#define CROT FFN(cv_rot)
#define CPUT FFN(cv_put)

typedef struct {
    FV r;
    FV i;
} FCV;

typedef struct {
    FR r;
    FR i;
} FC;

#include "fft_radix_impl.h"
#include "fft_lanes_impl.h"
#include "fft_lines_impl.h"
#include "fft_bluestein_impl.h"
#include "fft_real_impl.h"
#include "fft_axis_impl.h"

#undef FR
#undef FV
#undef FVI
#undef FL
#undef FFN
#undef FCV
#undef FC
#undef FPREC
#undef CADD
#undef CSUB
#undef CMUL
#undef CMULW
#undef CROT
#undef CPUT

#endif
