/* Shared set-up for the VIS tests: a segment with one inbox slot per source rank plus an export
 * region every rank fills with its own pattern stream, and the table of every rank's segment. */
#ifndef GEX_VIS_COMMON_H
#define GEX_VIS_COMMON_H

#include <gasnet_vis.h>

#include "test_util.h"

#define GUARD_BYTE 0xA5

static gex_Client_t client;
static gex_EP_t ep;
static gex_TM_t tm;
static gex_Rank_t me, np, left, right;
static uint8_t *seg;                   /* my segment */
static void *peer_seg[TEST_MAX_RANKS]; /* owner addresses */
static size_t slot_bytes, export_bytes;

static TEST_UNUSED size_t inbox_off(gex_Rank_t src) { return (size_t)src * slot_bytes; }
static TEST_UNUSED size_t export_off(void) { return (size_t)np * slot_bytes; }
/* Address of offset `off` of rank r's segment (an owner address, valid as an RMA target). */
static TEST_UNUSED uint8_t *remote_at(gex_Rank_t r, size_t off) { return (uint8_t *)peer_seg[r] + off; }
static TEST_UNUSED uint64_t export_seed(gex_Rank_t owner) { return test_seed(owner, 0xE7, 0x715, 1); }

static TEST_UNUSED void vis_init(const char *name, int *argc, char ***argv, size_t slot, size_t exported) {
  test_init(name, argc, argv, &client, &ep, &tm);
  me = gex_TM_QueryRank(tm);
  np = gex_TM_QuerySize(tm);
  left = (me + np - 1) % np;
  right = (me + 1) % np;
  slot_bytes = slot;
  export_bytes = exported;
  seg = (uint8_t *)test_attach(tm, export_off() + export_bytes, NULL);
  test_segment_table(tm, peer_seg, NULL);
  CHECK(peer_seg[me] == (void *)seg);
  test_fill(seg + export_off(), export_bytes, export_seed(me));
  test_barrier(tm);
}

/* Fills my inbox slot from src with guard bytes (before a round's puts arrive). */
static TEST_UNUSED void guard_inbox(gex_Rank_t src) { memset(seg + inbox_off(src), GUARD_BYTE, slot_bytes); }

/* A private copy of rank `owner`'s export stream, to compute expected values from. */
static TEST_UNUSED uint8_t *export_image(gex_Rank_t owner) {
  uint8_t *img = (uint8_t *)malloc(export_bytes);
  CHECK(img != NULL);
  test_fill(img, export_bytes, export_seed(owner));
  return img;
}

/* Completion forms cycled through by the tests. */
enum { FORM_BLOCKING, FORM_NB, FORM_NBI, FORM_COUNT };
static const char *const form_name[FORM_COUNT] = {"Blocking", "NB", "NBI"};

#endif
