/*
 * families.h - declarations of the per-family tables listed in families.def.
 *
 * PCPY_MODULE_FAMILY(name):  PyMethodDef pcpy_<name>_methods[]        (module functions)
 * PCPY_TENSOR_FAMILY(name):  PyMethodDef pcpy_tensor_<name>_methods[] (Tensor methods) and
 *                            PyType_Slot pcpy_tensor_<name>_slots[]   (Tensor type slots)
 * Every table ends with a zeroed sentinel. module.c and tensor_spec.c concatenate them.
 */
#ifndef PADDLE_C_FAMILIES_H
#define PADDLE_C_FAMILIES_H

#define PCPY_MODULE_FAMILY(name) extern PyMethodDef pcpy_##name##_methods[];
#define PCPY_TENSOR_FAMILY(name)                                                                 \
    extern PyMethodDef pcpy_tensor_##name##_methods[];                                           \
    extern PyType_Slot pcpy_tensor_##name##_slots[];
#include "families.def"
#undef PCPY_MODULE_FAMILY
#undef PCPY_TENSOR_FAMILY

#endif
