# SPDX-License-Identifier: MIT
# Finds libfixmath's fix16.h, the one file of libfixmath aimfix needs (for
# the fix16_t type; none of its code), and sets AIMFIX_FIX16_INCLUDE_DIR to
# the folder holding it. Tried in order:
#   1. LIBFIXMATH_DIR, as for make: the folder holding libfixmath/fix16.h
#      (an unpacked libfixmath), or the folder holding fix16.h itself;
#   2. a libfixmath target already defined (libfixmath::libfixmath or
#      libfixmath) or found by find_package(libfixmath CONFIG);
#   3. pkg-config's libfixmath;
#   4. the system's headers (Debian's libfixmath-dev: libfixmath/fix16.h);
#   5. AIMFIX_FETCH_LIBFIXMATH=ON (the default): the pinned release fetched
#      from Debian's source package as the Makefile does
#      (scripts/fetch-libfixmath.sh, needs apt), into the build folder.
# Each search starts afresh (find_path's cached answer is dropped), so that a
# changed LIBFIXMATH_DIR takes effect on the next configure.
set(LIBFIXMATH_DIR "" CACHE PATH "an unpacked libfixmath (the folder holding libfixmath/fix16.h)")
option(AIMFIX_FETCH_LIBFIXMATH "fetch libfixmath's source when fix16.h is not found" ON)

function(aimfix_find_fix16 out)
    if(LIBFIXMATH_DIR)
        unset(_aimfix_fix16 CACHE)
        find_path(_aimfix_fix16 fix16.h PATHS "${LIBFIXMATH_DIR}/libfixmath" "${LIBFIXMATH_DIR}"
                  NO_DEFAULT_PATH NO_CMAKE_FIND_ROOT_PATH)
        if(NOT _aimfix_fix16)
            message(FATAL_ERROR "aimfix: LIBFIXMATH_DIR=${LIBFIXMATH_DIR} holds no libfixmath/fix16.h")
        endif()
        set(${out} "${_aimfix_fix16}" PARENT_SCOPE)
        return()
    endif()
    if(NOT TARGET libfixmath::libfixmath AND NOT TARGET libfixmath)
        find_package(libfixmath CONFIG QUIET)
    endif()
    foreach(t libfixmath::libfixmath libfixmath)
        if(TARGET ${t})
            get_target_property(_dirs ${t} INTERFACE_INCLUDE_DIRECTORIES)
            if(_dirs)
                string(REGEX REPLACE "\\$<BUILD_INTERFACE:([^>]*)>" "\\1" _dirs "${_dirs}")
                string(REGEX REPLACE "\\$<INSTALL_INTERFACE:[^>]*>" "" _dirs "${_dirs}")
                unset(_aimfix_fix16 CACHE)
                find_path(_aimfix_fix16 fix16.h PATHS ${_dirs} PATH_SUFFIXES libfixmath NO_DEFAULT_PATH)
                if(_aimfix_fix16)
                    set(${out} "${_aimfix_fix16}" PARENT_SCOPE)
                    return()
                endif()
            endif()
        endif()
    endforeach()
    find_package(PkgConfig QUIET)
    if(PKG_CONFIG_FOUND)
        pkg_check_modules(_aimfix_pc_fixmath QUIET libfixmath)
        if(_aimfix_pc_fixmath_FOUND)
            unset(_aimfix_fix16 CACHE)
            find_path(_aimfix_fix16 fix16.h PATHS ${_aimfix_pc_fixmath_INCLUDE_DIRS}
                      PATH_SUFFIXES libfixmath NO_DEFAULT_PATH)
            if(_aimfix_fix16)
                set(${out} "${_aimfix_fix16}" PARENT_SCOPE)
                return()
            endif()
        endif()
    endif()
    unset(_aimfix_fix16 CACHE)
    find_path(_aimfix_fix16 fix16.h PATH_SUFFIXES libfixmath)
    if(_aimfix_fix16)
        set(${out} "${_aimfix_fix16}" PARENT_SCOPE)
        return()
    endif()
    set(_fetched "${CMAKE_BINARY_DIR}/libfixmath")
    if(AIMFIX_FETCH_LIBFIXMATH)
        if(NOT EXISTS "${_fetched}/src/libfixmath/fix16.h")
            message(STATUS "aimfix: fetching libfixmath into ${_fetched}")
            execute_process(COMMAND sh "${AIMFIX_ROOT}/scripts/fetch-libfixmath.sh" "${_fetched}"
                            RESULT_VARIABLE _rc)
            if(NOT _rc EQUAL 0)
                message(FATAL_ERROR "aimfix: fetching libfixmath failed; pass -DLIBFIXMATH_DIR=<an unpacked libfixmath>")
            endif()
        endif()
        set(${out} "${_fetched}/src/libfixmath" PARENT_SCOPE)
        return()
    endif()
    message(FATAL_ERROR "aimfix: libfixmath's fix16.h not found: pass -DLIBFIXMATH_DIR=<an unpacked libfixmath>, "
                        "install it (Debian: libfixmath-dev) or set AIMFIX_FETCH_LIBFIXMATH=ON")
endfunction()
