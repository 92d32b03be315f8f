/* SPDX-License-Identifier: MIT */
/*
 * src/f64/turret_f64.h — the head frame and the angle rules shared by the f64
 * turret functions. Internal.
 */
#ifndef AIMFIX_SRC_TURRET_F64_H
#define AIMFIX_SRC_TURRET_F64_H

#include "aimfix/turret.h"

#include "vec_f64.h"

/* The head's frame: unit up, forward square to it, left = up x forward. */
typedef struct afr_head_f64 {
    af_vec3_f64 up, forward, left;
} afr_head_f64;

/* The turret's domain (see aimfix/turret.h) and its frame: 1 when usable. */
int afr_turret_frame_f64(const af_turret_f64 *turret, afr_head_f64 *head);

/* The angles for a barrel whose yaw is `yaw` up to a whole turn and whose
 * pitch is `pitch`: the yaw within the limits nearest the current one, and
 * the slew time. AF_OK, AF_ERR_BEYOND_PITCH or AF_ERR_BEYOND_YAW (out
 * untouched then). */
af_status afr_turret_limit_f64(const af_turret_f64 *turret, double yaw, double pitch,
                               af_turret_command_f64 *out);

/* The barrel and "above" unit vectors at the given angles. */
void afr_turret_axes_f64(const afr_head_f64 *head, double yaw, double pitch,
                         af_vec3_f64 *barrel, af_vec3_f64 *above);

/* The longest slew the limits allow from the current angles, s. */
double afr_turret_max_slew_f64(const af_turret_f64 *turret);

#endif /* AIMFIX_SRC_TURRET_F64_H */
