/* SPDX-License-Identifier: MIT */
/*
 * aimfix/version.h — the library's version, the one place it is written.
 *
 * Semantic versioning: MAJOR changes break the API, MINOR adds to it, PATCH
 * fixes. Before 1.0 a MINOR step may still change the API. CMake, make
 * install's aimfix.pc, library.properties and library.json read or are
 * checked against these lines (tests/host/check-version.sh).
 */
#ifndef AIMFIX_VERSION_H
#define AIMFIX_VERSION_H

#define AIMFIX_VERSION_MAJOR 0
#define AIMFIX_VERSION_MINOR 9
#define AIMFIX_VERSION_PATCH 0
#define AIMFIX_VERSION_STRING "0.9.0"

/* One number that orders versions: MAJOR * 10000 + MINOR * 100 + PATCH. */
#define AIMFIX_VERSION \
    (AIMFIX_VERSION_MAJOR * 10000 + AIMFIX_VERSION_MINOR * 100 + AIMFIX_VERSION_PATCH)

#ifdef __cplusplus
extern "C" {
#endif

/*
 * af_version: AIMFIX_VERSION_STRING of the library actually linked, which
 * may differ from the header a program was compiled with. Never NULL.
 */
const char *af_version(void);

#ifdef __cplusplus
}
#endif

#endif /* AIMFIX_VERSION_H */
