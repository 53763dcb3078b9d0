/* ace.h: access control as FiveM's (citizenfx/fivem, citicore/se/Security):
 * access control entries (principal, object, allow|deny), principal
 * inheritance (child -> parent), and a stack of the principals the running
 * code acts for. Names compare case-insensitively. An object "a.b.c" is
 * covered by entries on "a.b.c", "a.b" and "a"; a matching deny anywhere
 * wins over every allow. Every principal also counts as builtin.everyone;
 * weft adds one implicit parent: resource.NAME counts as builtin.resources.
 * No script code and no logging here: the caller reports. */
#ifndef WEFT_API_ACE_H
#define WEFT_API_ACE_H

#include <stddef.h>
#include "weft.h"

typedef struct weft__ace_entry {
    char *principal, *object;
    int allow; /* 1 allow, 0 deny */
} weft__ace_entry;

typedef struct weft__ace_parent {
    char *child, *parent;
} weft__ace_parent;

typedef struct weft__ace {
    weft__ace_entry *entries;
    size_t entries_len, entries_cap;
    weft__ace_parent *parents;
    size_t parents_len, parents_cap;
    /* The principal stack: borrowed names, valid while pushed. Entries
     * below `base` are hidden by a reset (IsPrincipalAceAllowed). */
    const char **stack;
    size_t stack_len, stack_cap, base;
} weft__ace;

void weft__ace_init(weft__ace *a);
void weft__ace_free(weft__ace *a);
/* add_ace / remove_ace. Adding the same entry twice keeps two (FiveM does);
 * removing drops every copy. 0, WEFT_EINVAL (empty name) or WEFT_ENOMEM. */
int weft__ace_add(weft__ace *a, const char *principal, const char *object, int allow);
int weft__ace_remove(weft__ace *a, const char *principal, const char *object, int allow);
/* add_principal / remove_principal: child inherits parent's entries. */
int weft__ace_add_parent(weft__ace *a, const char *child, const char *parent);
int weft__ace_remove_parent(weft__ace *a, const char *child, const char *parent);
/* Remove every entry on exactly `object` held by `principal` (any type). */
void weft__ace_remove_object(weft__ace *a, const char *principal, const char *object);
/* 1 if principal may access object, else 0. */
int weft__ace_check(const weft__ace *a, const char *principal, const char *object);

/* The principal stack (FiveM's ScopedPrincipal). push borrows name until
 * the matching pop. 0 or WEFT_ENOMEM. */
int weft__ace_push(weft__ace *a, const char *principal);
void weft__ace_pop(weft__ace *a);
/* Hide the stack (ScopedPrincipalReset): returns the old base for unhide. */
size_t weft__ace_hide(weft__ace *a);
void weft__ace_unhide(weft__ace *a, size_t old_base);
/* 1 if any visible principal on the stack may access object; with an empty
 * stack, builtin.everyone decides (as FiveM). */
int weft__ace_check_stack(const weft__ace *a, const char *object);
/* 1 if principal is on the visible stack ("changing one's own access"). */
int weft__ace_on_stack(const weft__ace *a, const char *principal);

#endif
