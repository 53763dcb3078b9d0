/* strip.h: which JS source may be compiled without function source text
 * (QuickJS's JS_STRIP_SOURCE), shared by the build-time bootstrap compiler
 * (tools/jsc.c) and the prelude compiler (src/js/host_bindings.c). Without
 * source a function's toString() says [native code], as a built-in's; a
 * class keeps it, as util.inspect tells a class by its source ([class X]). */
#ifndef WEFT_JS_STRIP_H
#define WEFT_JS_STRIP_H

#include <ctype.h>
#include <string.h>

/* 1 if src (NUL-terminated) may declare a class: the word `class` followed
 * by a name or `{`, outside a line comment. Conservative: a string holding
 * one counts too. */
static inline int weft__js_may_declare_class(const char *src)
{
    for (const char *p = strstr(src, "class"); p; p = strstr(p + 5, "class")) {
        const char *ls = p;
        while (ls > src && ls[-1] != '\n') ls--;
        while (*ls == ' ' || *ls == '\t') ls++;
        if (ls[0] == '/' && ls[1] == '/') continue;
        if (p > src && (isalnum((unsigned char)p[-1]) || p[-1] == '_' || p[-1] == '$' ||
                        p[-1] == '.'))
            continue;
        const char *q = p + 5;
        if (*q != ' ' && *q != '{') continue;
        while (*q == ' ') q++;
        if (isalpha((unsigned char)*q) || *q == '_' || *q == '$' || *q == '{') return 1;
    }
    return 0;
}

#endif
