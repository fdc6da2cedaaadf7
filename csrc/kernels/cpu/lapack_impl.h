/*
 * lapack_impl.h - the LAPACK-backed kernels (CHOLESKY, INV, SOLVE, SLOGDET, QR, EIGH, EIG, SVD;
 * contracts in dispatch/linalg_kernels.h) for dtype PCK_N, one of float32, float64, complex64,
 * complex128. Included by lapack.c through each_dtype.h. No include guard.
 *
 * [Why transposes are free] LAPACK is column-major. A row-major matrix read column-major is its
 * transpose, and most problems transpose cleanly: det(A^T) = det(A); inverting A^T in place
 * leaves inv(A)^T, which read row-major is inv(A); the Cholesky factor of A^T (= conj(A)) in the
 * opposite triangle, read row-major, is the factor asked for; the SVD of A^T gives U and Vh of
 * A with their roles swapped. Only QR, eig and eigh need a genuinely column-major copy (which
 * their destructive LAPACK routines need anyway); solve gets A^T by the same trick and solves
 * with trans = 'T'.
 *
 * Every kernel allocates its scratch once per call, loops over the batch, and frees it on one
 * exit path. Workspace sizes come from LAPACK's own queries (lwork = -1).
 */
#if PCL_IS_BLAS

#define PCL_C PCK_CAT(PCL_CPLX_, PCK_N) /* the complex type of this dtype */

/* A workspace size reported by a query, at least 1. */
static pcl_int PCK_FN(la_lwork)(PCK_T w)
{
#if PCK_K == PCK_KC
    const double v = (double)creal(w);
#else
    const double v = (double)w;
#endif
    return v < 1.0 ? 1 : (pcl_int)v;
}

static bool PCK_FN(la_isfinite)(PCK_T v)
{
#if PCK_K == PCK_KC
    return isfinite(creal(v)) && isfinite(cimag(v));
#else
    return isfinite(v);
#endif
}

/* Copy the (rows x cols) matrix at `src` (byte strides srow, scol) into `dst`, column-major
 * (leading dimension rows) or row-major (leading dimension cols). Returns whether every element
 * is finite. */
static bool PCK_FN(la_load)(PCK_T *dst, const char *src, int64_t rows, int64_t cols,
                            int64_t srow, int64_t scol, bool colmajor)
{
    bool finite = true;
    for (int64_t i = 0; i < rows; i++) {
        for (int64_t j = 0; j < cols; j++) {
            const PCK_T v = *(const PCK_T *)(src + i * srow + j * scol);
            finite = finite && PCK_FN(la_isfinite)(v);
            dst[colmajor ? i + j * rows : i * cols + j] = v;
        }
    }
    return finite;
}

/* Set the (rows x cols) matrix at `dst` (element strides) to the identity. */
static void PCK_FN(la_eye)(PCK_T *dst, int64_t rows, int64_t cols, int64_t srow, int64_t scol)
{
    for (int64_t i = 0; i < rows; i++) {
        for (int64_t j = 0; j < cols; j++) {
            dst[i * srow + j * scol] = i == j ? (PCK_T)1 : (PCK_T)0;
        }
    }
}

static pc_status PCK_FN(cholesky)(const pc_kernel_args *args)
{
    pc_blas_fit_threads();
    const pc_cholesky_params *p = (const pc_cholesky_params *)args->params;
    pc_tensor *x = args->out[0];
    const int nd = x->ndim;
    const int64_t n = x->shape[nd - 1];
    if (x->size == 0) {
        return PC_OK;
    }
    /* row-major A is conj(A) column-major: its 'U' factor read row-major is L, and vice versa */
    const char uplo = p->upper ? 'L' : 'U';
    const pcl_int nn = (pcl_int)n;
    const pc_tensor *ops[1] = {x};
    pc_batch bt;
    pc_batch_init(&bt, nd - 2, 1, ops);
    for (int64_t b = 0; b < bt.count; b++, pc_batch_next(&bt)) {
        PCK_T *a = (PCK_T *)(x->data + bt.offset[0]);
        pcl_int info = 0;
        PCL_FN(potrf)(&uplo, &nn, a, &nn, &info, 1);
        if (info != 0 && p->result != NULL) {
            pc_result_fail(p->result, PC_ERR_VALUE, 0, (int64_t)info);
            return PC_OK;
        }
        if (info != 0) {
            return pc_error_set(PC_ERR_VALUE, PC_MSG_CHOLESKY_NOT_PD, (int)info);
        }
        for (int64_t i = 0; i < n; i++) {
            const int64_t lo = p->upper ? 0 : i + 1;
            const int64_t hi = p->upper ? i : n;
            for (int64_t j = lo; j < hi; j++) {
                a[i * n + j] = 0;
            }
        }
    }
    return PC_OK;
}

static pc_status PCK_FN(inv)(const pc_kernel_args *args)
{
    pc_blas_fit_threads();
    const pc_singular_params *sp = (const pc_singular_params *)args->params;
    pc_result_word *const word = sp != NULL ? sp->result : NULL;
    pc_tensor *x = args->out[0];
    const int nd = x->ndim;
    const int64_t n = x->shape[nd - 1];
    if (x->size == 0) {
        return PC_OK;
    }
    const pcl_int nn = (pcl_int)n;
    pc_status st = PC_OK;
    pcl_int *ipiv = calloc((size_t)n, sizeof *ipiv);
    PCK_T *work = NULL;
    pcl_int lwork = -1;
    pcl_int info = 0;
    PCK_T query = 0;
    if (ipiv != NULL) {
        PCL_FN(getri)(&nn, (PCK_T *)x->data, &nn, ipiv, &query, &lwork, &info);
        lwork = PCK_FN(la_lwork)(query);
        work = malloc((size_t)lwork * sizeof *work);
    }
    if (ipiv == NULL || work == NULL) {
        st = pc_error_set(PC_ERR_MEMORY, "inv: cannot allocate the LAPACK workspace");
        goto done;
    }
    const pc_tensor *ops[1] = {x};
    pc_batch bt;
    pc_batch_init(&bt, nd - 2, 1, ops);
    for (int64_t b = 0; b < bt.count; b++, pc_batch_next(&bt)) {
        PCK_T *a = (PCK_T *)(x->data + bt.offset[0]);
        PCL_FN(getrf)(&nn, &nn, a, &nn, ipiv, &info);
        if (info > 0 && word != NULL) {
            pc_result_fail(word, PC_ERR_VALUE, 0, 0);
            goto done;
        }
        if (info > 0) {
            st = pc_error_set(PC_ERR_VALUE, PC_MSG_INV_SINGULAR);
            goto done;
        }
        PCL_FN(getri)(&nn, a, &nn, ipiv, work, &lwork, &info);
    }
done:
    free(ipiv);
    free(work);
    return st;
}

static pc_status PCK_FN(solve)(const pc_kernel_args *args)
{
    pc_blas_fit_threads();
    const pc_singular_params *sp = (const pc_singular_params *)args->params;
    pc_result_word *const word = sp != NULL ? sp->result : NULL;
    const pc_tensor *a = args->in[0];
    pc_tensor *x = args->out[0];
    const int nd = x->ndim;
    const int64_t n = a->shape[nd - 1];
    const int64_t k = x->shape[nd - 1];
    if (n == 0) {
        return PC_OK;
    }
    const pc_tensor *ops[2] = {a, x};
    pc_batch bt;
    pc_batch_init(&bt, nd - 2, 2, ops);
    if (bt.count == 0) {
        return PC_OK;
    }
    const pcl_int nn = (pcl_int)n;
    const pcl_int nk = (pcl_int)k;
    pc_status st = PC_OK;
    pcl_int *ipiv = malloc((size_t)n * sizeof *ipiv);
    PCK_T *lu = malloc((size_t)(n * n) * sizeof *lu);
    if (ipiv == NULL || lu == NULL) {
        st = pc_error_set(PC_ERR_MEMORY, "solve: cannot allocate the LAPACK workspace");
        goto done;
    }
    for (int64_t b = 0; b < bt.count; b++, pc_batch_next(&bt)) {
        /* row-major copy of A = column-major A^T; solve A X = B as (A^T)^T X = B */
        PCK_FN(la_load)(lu, a->data + bt.offset[0], n, n, a->strides[nd - 2],
                        a->strides[nd - 1], false);
        pcl_int info = 0;
        PCL_FN(getrf)(&nn, &nn, lu, &nn, ipiv, &info);
        if (info > 0 && word != NULL) {
            pc_result_fail(word, PC_ERR_VALUE, 0, 0);
            goto done;
        }
        if (info > 0) {
            st = pc_error_set(PC_ERR_VALUE, PC_MSG_SOLVE_SINGULAR);
            goto done;
        }
        if (k > 0) {
            const char trans = 'T';
            PCL_FN(getrs)(&trans, &nn, &nk, lu, &nn, ipiv, (PCK_T *)(x->data + bt.offset[1]),
                          &nn, &info, 1);
        }
    }
done:
    free(ipiv);
    free(lu);
    return st;
}

static pc_status PCK_FN(slogdet)(const pc_kernel_args *args)
{
    pc_blas_fit_threads();
    const pc_tensor *a = args->in[0];
    const bool det_only = args->nout == 1;
    const int nd = a->ndim;
    const int64_t n = a->shape[nd - 1];
    const pc_tensor *ops[3] = {a, args->out[0], det_only ? args->out[0] : args->out[1]};
    pc_batch bt;
    pc_batch_init(&bt, nd - 2, 3, ops);
    if (bt.count == 0) {
        return PC_OK;
    }
    const pcl_int nn = (pcl_int)n;
    pc_status st = PC_OK;
    pcl_int *ipiv = malloc((size_t)(n > 0 ? n : 1) * sizeof *ipiv);
    PCK_T *lu = malloc((size_t)(n > 0 ? n * n : 1) * sizeof *lu);
    if (ipiv == NULL || lu == NULL) {
        st = pc_error_set(PC_ERR_MEMORY, "det: cannot allocate the LAPACK workspace");
        goto done;
    }
    for (int64_t b = 0; b < bt.count; b++, pc_batch_next(&bt)) {
        PCK_T sign = 1;
        PCK_RT logdet = 0;
        PCK_T det = 1;
        if (n > 0) {
            PCK_FN(la_load)(lu, a->data + bt.offset[0], n, n, a->strides[nd - 2],
                            a->strides[nd - 1], false);
            pcl_int info = 0;
            PCL_FN(getrf)(&nn, &nn, lu, &nn, ipiv, &info);
            for (int64_t i = 0; i < n; i++) {
                const PCK_T d = lu[i * n + i];
                if (ipiv[i] != i + 1) {
                    sign = -sign;
                    det = -det;
                }
                det *= d;
#if PCK_K == PCK_KC
                const PCK_RT r = (PCK_RT)cabs(d);
                sign = r == 0 ? (PCK_T)0 : sign * (d / r);
                logdet += (PCK_RT)log(r);
#else
                sign = d == 0 ? (PCK_T)0 : d < 0 ? -sign : sign;
                logdet += (PCK_RT)log(fabs((double)d));
#endif
            }
            if (info > 0) { /* an exact zero pivot: the determinant is 0 */
                sign = 0;
                logdet = -(PCK_RT)INFINITY;
                det = 0;
            }
        }
        if (det_only) {
            *(PCK_T *)(args->out[0]->data + bt.offset[1]) = det;
        } else {
            *(PCK_T *)(args->out[0]->data + bt.offset[1]) = sign;
            *(PCK_RT *)(args->out[1]->data + bt.offset[2]) = logdet;
        }
    }
done:
    free(ipiv);
    free(lu);
    return st;
}

static pc_status PCK_FN(qr)(const pc_kernel_args *args)
{
    pc_blas_fit_threads();
    const pc_tensor *a = args->in[0];
    pc_tensor *q = args->out[0];
    pc_tensor *r = args->out[1];
    const int nd = a->ndim;
    const int64_t m = a->shape[nd - 2];
    const int64_t n = a->shape[nd - 1];
    const int64_t mq = q->shape[nd - 1];
    const int64_t k = m < n ? m : n;
    const int64_t wcols = n > mq ? n : mq;
    if (m == 0 || (q->size == 0 && r->size == 0)) {
        return PC_OK;
    }
    const pc_tensor *ops[3] = {a, q, r};
    pc_batch bt;
    pc_batch_init(&bt, nd - 2, 3, ops);
    const pcl_int mm = (pcl_int)m;
    const pcl_int nn = (pcl_int)n;
    const pcl_int mqq = (pcl_int)mq;
    const pcl_int kk = (pcl_int)k;
    pc_status st = PC_OK;
    PCK_T *w = malloc((size_t)(m * wcols) * sizeof *w);
    PCK_T *tau = malloc((size_t)(k > 0 ? k : 1) * sizeof *tau);
    PCK_T *work = NULL;
    if (w == NULL || tau == NULL) {
        st = pc_error_set(PC_ERR_MEMORY, "qr: cannot allocate the LAPACK workspace");
        goto done;
    }
    pcl_int lwork = -1;
    pcl_int info = 0;
    PCK_T q1 = 0;
    PCK_T q2 = 0;
    if (k > 0) {
        PCL_FN(geqrf)(&mm, &nn, w, &mm, tau, &q1, &lwork, &info);
    }
#if PCK_K == PCK_KC
    PCL_FN(ungqr)(&mm, &mqq, &kk, w, &mm, tau, &q2, &lwork, &info);
#else
    PCL_FN(orgqr)(&mm, &mqq, &kk, w, &mm, tau, &q2, &lwork, &info);
#endif
    lwork = PCK_FN(la_lwork)(q1);
    if (PCK_FN(la_lwork)(q2) > lwork) {
        lwork = PCK_FN(la_lwork)(q2);
    }
    work = malloc((size_t)lwork * sizeof *work);
    if (work == NULL) {
        st = pc_error_set(PC_ERR_MEMORY, "qr: cannot allocate the LAPACK workspace");
        goto done;
    }
    const int64_t rs0 = r->strides[nd - 2] / (int64_t)sizeof(PCK_T);
    const int64_t rs1 = r->strides[nd - 1] / (int64_t)sizeof(PCK_T);
    for (int64_t b = 0; b < bt.count; b++, pc_batch_next(&bt)) {
        PCK_FN(la_load)(w, a->data + bt.offset[0], m, n, a->strides[nd - 2], a->strides[nd - 1],
                        true);
        if (k > 0) {
            PCL_FN(geqrf)(&mm, &nn, w, &mm, tau, work, &lwork, &info);
        }
        PCK_T *rp = (PCK_T *)(r->data + bt.offset[2]);
        for (int64_t i = 0; i < mq; i++) {
            for (int64_t j = 0; j < n; j++) {
                rp[i * rs0 + j * rs1] = i <= j ? w[i + j * m] : (PCK_T)0;
            }
        }
#if PCK_K == PCK_KC
        PCL_FN(ungqr)(&mm, &mqq, &kk, w, &mm, tau, work, &lwork, &info);
#else
        PCL_FN(orgqr)(&mm, &mqq, &kk, w, &mm, tau, work, &lwork, &info);
#endif
        memcpy(q->data + bt.offset[1], w, (size_t)(m * mq) * sizeof *w);
    }
done:
    free(w);
    free(tau);
    free(work);
    return st;
}

static pc_status PCK_FN(eigh)(const pc_kernel_args *args)
{
    pc_blas_fit_threads();
    const pc_eigh_params *p = (const pc_eigh_params *)args->params;
    pc_tensor *ev = args->out[0];
    pc_tensor *v = args->out[1];
    const int nd = v->ndim;
    const int64_t n = v->shape[nd - 1];
    if (v->size == 0) {
        return PC_OK;
    }
    const pc_tensor *ops[2] = {ev, v};
    pc_batch bt;
    pc_batch_init(&bt, nd - 2, 2, ops);
    const char jobz = p->vectors ? 'V' : 'N';
    const char uplo = 'L';
    const pcl_int nn = (pcl_int)n;
    pc_status st = PC_OK;
    pcl_int lwork = -1;
    pcl_int liwork = -1;
    pcl_int info = 0;
    PCK_T qw;
    pcl_int qi;
    PCK_T *work = NULL;
    pcl_int *iwork = NULL;
    PCK_RT *rwork = NULL;
#if PCK_K == PCK_KC
    pcl_int lrwork = -1;
    PCK_RT qr;
    PCL_FN(heevd)(&jobz, &uplo, &nn, (PCK_T *)v->data, &nn, (PCK_RT *)ev->data, &qw, &lwork, &qr,
                  &lrwork, &qi, &liwork, &info, 1, 1);
    lrwork = qr < 1 ? 1 : (pcl_int)qr;
    rwork = malloc((size_t)lrwork * sizeof *rwork);
#else
    PCL_FN(syevd)(&jobz, &uplo, &nn, (PCK_T *)v->data, &nn, (PCK_RT *)ev->data, &qw, &lwork, &qi,
                  &liwork, &info, 1, 1);
#endif
    lwork = PCK_FN(la_lwork)(qw);
    liwork = qi < 1 ? 1 : qi;
    work = malloc((size_t)lwork * sizeof *work);
    iwork = malloc((size_t)liwork * sizeof *iwork);
    if (work == NULL || iwork == NULL || (PCK_K == PCK_KC && rwork == NULL)) {
        st = pc_error_set(PC_ERR_MEMORY, "eigh: cannot allocate the LAPACK workspace");
        goto done;
    }
    for (int64_t b = 0; b < bt.count; b++, pc_batch_next(&bt)) {
        PCK_T *a = (PCK_T *)(v->data + bt.offset[1]);
        for (int64_t i = 0; i < n * n; i++) {
            if (!PCK_FN(la_isfinite)(a[i])) {
                st = la_fail(p->result, PC_LA_NOT_FINITE, PC_MSG_EIGH_NOT_FINITE);
                goto done;
            }
        }
#if PCK_K == PCK_KC
        PCL_FN(heevd)(&jobz, &uplo, &nn, a, &nn, (PCK_RT *)(ev->data + bt.offset[0]), work,
                      &lwork, rwork, &lrwork, iwork, &liwork, &info, 1, 1);
#else
        PCL_FN(syevd)(&jobz, &uplo, &nn, a, &nn, (PCK_RT *)(ev->data + bt.offset[0]), work,
                      &lwork, iwork, &liwork, &info, 1, 1);
#endif
        if (info > 0) {
            st = la_fail(p->result, PC_LA_NO_CONVERGENCE, PC_MSG_EIGH_NO_CONVERGENCE);
            goto done;
        }
    }
done:
    free(work);
    free(iwork);
    free(rwork);
    return st;
}

static pc_status PCK_FN(eig)(const pc_kernel_args *args)
{
    pc_blas_fit_threads();
    const pc_converge_params *cp = (const pc_converge_params *)args->params;
    pc_result_word *const word = cp != NULL ? cp->result : NULL;
    const pc_tensor *a = args->in[0];
    pc_tensor *ev = args->out[0];
    const bool vectors = args->nout == 2;
    const int nd = a->ndim;
    const int64_t n = a->shape[nd - 1];
    if (a->size == 0) {
        return PC_OK;
    }
    const pc_tensor *ops[3] = {a, ev, vectors ? args->out[1] : ev};
    pc_batch bt;
    pc_batch_init(&bt, nd - 2, 3, ops);
    const char jobvl = 'N';
    const char jobvr = vectors ? 'V' : 'N';
    const pcl_int nn = (pcl_int)n;
    const pcl_int one = 1;
    pc_status st = PC_OK;
    pcl_int lwork = -1;
    pcl_int info = 0;
    PCK_T qw;
    PCK_T dummy[1];
    PCK_T *work = NULL;
    PCK_T *w = malloc((size_t)(n * n) * sizeof *w);
    PCK_T *vr = vectors && PCK_K != PCK_KC ? malloc((size_t)(n * n) * sizeof *vr) : NULL;
#if PCK_K == PCK_KC
    PCK_RT *rwork = malloc((size_t)(2 * n) * sizeof *rwork);
    PCL_FN(geev)(&jobvl, &jobvr, &nn, w, &nn, (PCK_T *)ev->data, dummy, &one, vr, &nn, &qw,
                 &lwork, rwork, &info, 1, 1);
#else
    PCK_T *wr = malloc((size_t)(2 * n) * sizeof *wr);
    PCK_T *wi = wr != NULL ? wr + n : NULL;
    PCL_FN(geev)(&jobvl, &jobvr, &nn, w, &nn, wr, wi, dummy, &one, vr, &nn, &qw, &lwork, &info,
                 1, 1);
#endif
    lwork = PCK_FN(la_lwork)(qw);
    work = malloc((size_t)lwork * sizeof *work);
#if PCK_K == PCK_KC
    const bool ok = rwork != NULL;
#else
    const bool ok = wr != NULL;
#endif
    if (w == NULL || work == NULL || !ok || (vectors && PCK_K != PCK_KC && vr == NULL)) {
        st = pc_error_set(PC_ERR_MEMORY, "eig: cannot allocate the LAPACK workspace");
        goto done;
    }
    for (int64_t b = 0; b < bt.count; b++, pc_batch_next(&bt)) {
        if (!PCK_FN(la_load)(w, a->data + bt.offset[0], n, n, a->strides[nd - 2],
                             a->strides[nd - 1], true)) {
            st = la_fail(word, PC_LA_NOT_FINITE, PC_MSG_EIG_NOT_FINITE);
            goto done;
        }
        PCL_C *vals = (PCL_C *)(ev->data + bt.offset[1]);
        PCL_C *vecs = vectors ? (PCL_C *)(args->out[1]->data + bt.offset[2]) : NULL;
#if PCK_K == PCK_KC
        PCL_FN(geev)(&jobvl, &jobvr, &nn, w, &nn, vals, dummy, &one, vectors ? vecs : dummy, &nn,
                     work, &lwork, rwork, &info, 1, 1);
#else
        PCL_FN(geev)(&jobvl, &jobvr, &nn, w, &nn, wr, wi, dummy, &one, vectors ? vr : dummy, &nn,
                     work, &lwork, &info, 1, 1);
#endif
        if (info > 0) {
            st = la_fail(word, PC_LA_NO_CONVERGENCE, PC_MSG_EIG_NO_CONVERGENCE);
            goto done;
        }
#if PCK_K != PCK_KC
        /* a complex pair (wi > 0, then its conjugate) shares two columns of vr: re and im */
        for (int64_t j = 0; j < n; j++) {
            vals[j] = (PCL_C)(wr[j] + I * wi[j]);
        }
        for (int64_t j = 0; vectors && j < n; j++) {
            const PCK_T *re = vr + j * n;
            if (wi[j] > 0 && j + 1 < n) {
                const PCK_T *im = vr + (j + 1) * n;
                for (int64_t i = 0; i < n; i++) {
                    vecs[i + j * n] = (PCL_C)(re[i] + I * im[i]);
                    vecs[i + (j + 1) * n] = (PCL_C)(re[i] - I * im[i]);
                }
                j++;
            } else {
                for (int64_t i = 0; i < n; i++) {
                    vecs[i + j * n] = (PCL_C)re[i];
                }
            }
        }
#endif
    }
done:
    free(w);
    free(vr);
    free(work);
#if PCK_K == PCK_KC
    free(rwork);
#else
    free(wr);
#endif
    return st;
}

static pc_status PCK_FN(svd)(const pc_kernel_args *args)
{
    pc_blas_fit_threads();
    const pc_converge_params *cp = (const pc_converge_params *)args->params;
    pc_result_word *const word = cp != NULL ? cp->result : NULL;
    const pc_tensor *a = args->in[0];
    pc_tensor *s = args->out[0];
    const bool vectors = args->nout == 3;
    pc_tensor *u = vectors ? args->out[1] : NULL;
    pc_tensor *vh = vectors ? args->out[2] : NULL;
    const int nd = a->ndim;
    const int64_t m = a->shape[nd - 2];
    const int64_t n = a->shape[nd - 1];
    const int64_t k = m < n ? m : n;
    const pc_tensor *ops[4] = {a, s, vectors ? u : s, vectors ? vh : s};
    pc_batch bt;
    pc_batch_init(&bt, nd - 2, 4, ops);
    if (bt.count == 0) {
        return PC_OK;
    }
    const bool full = vectors && !(u->shape[nd - 1] == k && vh->shape[nd - 2] == k);
    if (k == 0) { /* no singular values; full factors are identities */
        for (int64_t b = 0; vectors && b < bt.count; b++, pc_batch_next(&bt)) {
            PCK_FN(la_eye)((PCK_T *)(u->data + bt.offset[2]), m, u->shape[nd - 1],
                           u->shape[nd - 1], 1);
            PCK_FN(la_eye)((PCK_T *)(vh->data + bt.offset[3]), vh->shape[nd - 2], n, n, 1);
        }
        return PC_OK;
    }
    /* the row-major copy of A is the column-major (n x m) matrix A^T = U' S V'^H, so
     * A = conj(V') S U'^T: LAPACK's VT' read row-major is U, its U' read row-major is Vh */
    const char jobz = !vectors ? 'N' : full ? 'A' : 'S';
    const pcl_int rows = (pcl_int)n;
    const pcl_int cols = (pcl_int)m;
    const pcl_int ldu = (pcl_int)n;
    const pcl_int ldvt = (pcl_int)(full ? m : k);
    const pcl_int one = 1;
    pc_status st = PC_OK;
    pcl_int lwork = -1;
    pcl_int info = 0;
    PCK_T qw;
    PCK_T dummy[1];
    PCK_T *work = NULL;
    PCK_RT *rwork = NULL;
    PCK_T *w = malloc((size_t)(m * n) * sizeof *w);
    pcl_int *iwork = malloc((size_t)(8 * k) * sizeof *iwork);
#if PCK_K == PCK_KC
    const int64_t mx = m > n ? m : n;
    const int64_t lr1 = 5 * k * k + 5 * k;
    const int64_t lr2 = 2 * mx * k + 2 * k * k + k;
    const int64_t lrwork = vectors ? (lr1 > lr2 ? lr1 : lr2) : 7 * k;
    rwork = malloc((size_t)lrwork * sizeof *rwork);
    PCL_FN(gesdd)(&jobz, &rows, &cols, w, &rows, (PCK_RT *)s->data, dummy, vectors ? &ldu : &one,
                  dummy, vectors ? &ldvt : &one, &qw, &lwork, rwork, iwork, &info, 1);
#else
    PCL_FN(gesdd)(&jobz, &rows, &cols, w, &rows, (PCK_RT *)s->data, dummy, vectors ? &ldu : &one,
                  dummy, vectors ? &ldvt : &one, &qw, &lwork, iwork, &info, 1);
#endif
    lwork = PCK_FN(la_lwork)(qw);
    work = malloc((size_t)lwork * sizeof *work);
    if (w == NULL || iwork == NULL || work == NULL || (PCK_K == PCK_KC && rwork == NULL)) {
        st = pc_error_set(PC_ERR_MEMORY, "svd: cannot allocate the LAPACK workspace");
        goto done;
    }
    for (int64_t b = 0; b < bt.count; b++, pc_batch_next(&bt)) {
        if (!PCK_FN(la_load)(w, a->data + bt.offset[0], m, n, a->strides[nd - 2],
                             a->strides[nd - 1], false)) {
            st = la_fail(word, PC_LA_NOT_FINITE, PC_MSG_SVD_NOT_FINITE);
            goto done;
        }
        PCK_RT *sv = (PCK_RT *)(s->data + bt.offset[1]);
        PCK_T *up = vectors ? (PCK_T *)(vh->data + bt.offset[3]) : dummy;
        PCK_T *vtp = vectors ? (PCK_T *)(u->data + bt.offset[2]) : dummy;
#if PCK_K == PCK_KC
        PCL_FN(gesdd)(&jobz, &rows, &cols, w, &rows, sv, up, vectors ? &ldu : &one, vtp,
                      vectors ? &ldvt : &one, work, &lwork, rwork, iwork, &info, 1);
#else
        PCL_FN(gesdd)(&jobz, &rows, &cols, w, &rows, sv, up, vectors ? &ldu : &one, vtp,
                      vectors ? &ldvt : &one, work, &lwork, iwork, &info, 1);
#endif
        if (info != 0) {
            st = la_fail(word, PC_LA_NO_CONVERGENCE, PC_MSG_SVD_NO_CONVERGENCE);
            goto done;
        }
    }
done:
    free(w);
    free(iwork);
    free(work);
    free(rwork);
    return st;
}

#undef PCL_C
#endif
