/*
 * kwalias.c - keyword aliases (kwaliases.def): the lookup the argument parser (args.c) makes
 * for a keyword that names no parameter, and _keyword_aliases(), the table for Python.
 *
 * [Why aliases live in one table] A Paddle spelling (keepdim=, repeat_times=, ...) accepted by
 * a standard function is a fact about that function's interface, not about its parsing. Kept
 * here, it is declared once, costs nothing on the common path (the table is read only for a
 * keyword the parser did not find), and the documentation and tests read the same table.
 */
#include "pcpy.h"

#include <string.h>

typedef struct kwalias {
    const char *function;   /* NULL: any function */
    const char *alias;
    const char *parameter;
} kwalias;

static const kwalias aliases[] = {
#define PCPY_KWALIAS(function, alias, parameter) {function, alias, parameter},
#include "kwaliases.def"
#undef PCPY_KWALIAS
};

#define NALIASES ((int)(sizeof aliases / sizeof aliases[0]))

int pcpy_kwalias_find(const pcpy_argspec *spec, PyObject *key)
{
    for (int a = 0; a < NALIASES; a++) {
        const kwalias *k = &aliases[a];
        if ((k->function != NULL && strcmp(k->function, spec->fname) != 0) ||
            PyUnicode_CompareWithASCIIString(key, k->alias) != 0) {
            continue;
        }
        if (k->parameter == NULL) {
            return PCPY_KWALIAS_IGNORED;
        }
        /* [Why an alias may name a positional-only parameter] Paddle names the operands
         * (sign(x=t), add(x=a, y=b)) that the standard makes positional-only (x, x1, x2); the
         * alias gives Paddle's spelling without changing the standard's signature. */
        for (int i = 0; spec->names[i] != NULL; i++) {
            if (strcmp(spec->names[i], k->parameter) == 0) {
                return i;
            }
        }
    }
    return -1;
}

/* _keyword_aliases(): a tuple of (function or None, alias, parameter). New reference. */
static PyObject *fn_keyword_aliases(PyObject *mod, PyObject *unused)
{
    (void)mod;
    (void)unused;
    PyObject *out = PyTuple_New(NALIASES);
    if (out == NULL) {
        return NULL;
    }
    for (int a = 0; a < NALIASES; a++) {
        const kwalias *k = &aliases[a];
        PyObject *row = Py_BuildValue("(zsz)", k->function, k->alias, k->parameter);
        if (row == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, a, row);
    }
    return out;
}

PyMethodDef pcpy_kwalias_methods[] = {
    {"_keyword_aliases", fn_keyword_aliases, METH_NOARGS,
     "_keyword_aliases()\n--\n\nThe keyword aliases functions accept: (function or None for "
     "any, alias, parameter or None for a keyword accepted and ignored) tuples."},
    {NULL, NULL, 0, NULL},
};
