/*
 * status.h - error codes of the C core and the thread-local error message.
 *
 * Every core function that can fail returns a pc_status (PC_OK is 0) and, on failure, leaves a
 * message describing the problem in a per-thread buffer. The Python layer (csrc/python/errors.c)
 * is the one place that turns a status into an exception. Nothing here includes Python.h.
 *
 * Invariant: a function returning an error status has already called pc_error_set(); callers
 * that merely pass an error upwards do not overwrite the message.
 */
#ifndef PADDLE_C_STATUS_H
#define PADDLE_C_STATUS_H

#ifdef __cplusplus
extern "C" {
#endif

typedef enum pc_status {
    PC_OK = 0,
    PC_ERR_TYPE,        /* dtype or promotion problem          -> TypeError */
    PC_ERR_VALUE,       /* bad shape, argument value           -> ValueError */
    PC_ERR_INDEX,       /* index out of range                  -> IndexError */
    PC_ERR_MEMORY,      /* allocation failed                   -> MemoryError */
    PC_ERR_NOTIMPL,     /* no kernel for (op, backend, dtype)  -> NotImplementedError */
    PC_ERR_BUFFER,      /* DLPack / buffer export problem      -> BufferError */
    PC_ERR_RUNTIME,     /* device failure                      -> RuntimeError */
    PC_ERR_OVERFLOW,    /* a scalar does not fit its dtype     -> OverflowError */
    PC_ERR_AXIS         /* an axis out of range or repeated    -> paddle_c.AxisError (a
                           ValueError and an IndexError, like NumPy's) */
} pc_status;

/* Record `status` with a printf-style message for the calling thread; returns `status`. */
pc_status pc_error_set(pc_status status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* The calling thread's last message (never NULL; "" when none was set). */
const char *pc_error_message(void);

/* Forget the calling thread's message. */
void pc_error_clear(void);

#ifdef __cplusplus
}
#endif
#endif
