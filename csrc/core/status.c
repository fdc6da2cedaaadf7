/*
 * status.c - the thread-local error message behind pc_status codes.
 *
 * One fixed buffer per thread: setting an error never allocates, so it works after a failed
 * allocation too. Messages longer than the buffer are truncated.
 */
#include <stdarg.h>
#include <stdio.h>

#include "paddle_c/status.h"

#define PC_ERRMSG_SIZE 512

static _Thread_local char pc_errmsg[PC_ERRMSG_SIZE];

pc_status pc_error_set(pc_status status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(pc_errmsg, sizeof pc_errmsg, fmt, ap);
    va_end(ap);
    return status;
}

const char *pc_error_message(void) { return pc_errmsg; }

void pc_error_clear(void) { pc_errmsg[0] = '\0'; }
