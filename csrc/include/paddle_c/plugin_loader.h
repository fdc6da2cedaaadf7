/*
 * plugin_loader.h - what the rest of paddle_c asks the plug-in loader (backends/plugins.c). The
 * ABI that plug-ins implement is paddle_c/plugin.h.
 */
#ifndef PADDLE_C_PLUGIN_LOADER_H
#define PADDLE_C_PLUGIN_LOADER_H

#ifdef __cplusplus
extern "C" {
#endif

/* One file the loader tried. */
typedef struct pc_plugin_record {
    const char *path;       /* as found in PADDLE_C_PLUGIN_PATH */
    const char *name;       /* the plug-in's name, or "" when it could not be read */
    int loaded;             /* 1: its devices are xpu:N */
    const char *message;    /* why it was refused ("" when loaded) */
} pc_plugin_record;

/* The files tried (in PADDLE_C_PLUGIN_PATH order), and record i (0 <= i < count). */
int pc_plugins_count(void);
pc_plugin_record pc_plugins_record(int i);

/* Why no plug-in serves xpu devices: the refusals joined, or NULL when none was refused. */
const char *pc_plugins_refusal(void);

#ifdef __cplusplus
}
#endif
#endif
