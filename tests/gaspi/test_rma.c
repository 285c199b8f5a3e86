/* GASPI segments, one-sided communication, notifications and queues, checked byte for byte. */
#include <unistd.h>

#include "gaspi_test.h"

#define SEG_BYTES (1u << 21)
static const gaspi_segment_id_t seg_ids[] = {0, 1, 7, 254};
#define NSEG (sizeof seg_ids / sizeof seg_ids[0])

static gaspi_rank_t me, np;

static unsigned char pattern(unsigned writer, unsigned seg, size_t size, size_t i) {
  return (unsigned char)(writer * 31u + seg * 7u + size * 13u + i * 101u + (i >> 8));
}

static void *segp(gaspi_segment_id_t s) {
  gaspi_pointer_t p;
  OK(gaspi_segment_ptr(s, &p));
  return p;
}

static void wait_queue(gaspi_queue_id_t q) { OK(gaspi_wait(q, GASPI_BLOCK)); }

/* Writes of every size to every segment of the next rank; the receiver checks every byte. */
static void test_write_sizes(void) {
  const gaspi_rank_t to = (me + 1) % np, from = (me + np - 1) % np;
  for (size_t size = 1; size <= SEG_BYTES / 2; size = size < 16 ? size + 1 : size * 2 + (size & 1 ? 0 : 3)) {
    if (size > SEG_BYTES / 2) break;
    for (unsigned k = 0; k < NSEG; ++k) {
      unsigned char *src = segp(seg_ids[k]);
      for (size_t i = 0; i < size; ++i) src[i] = pattern(me, seg_ids[k], size, i);
      /* remote half: written at offset SEG_BYTES/2 - size .. keeps the last byte at the end */
      OK(gaspi_write(seg_ids[k], 0, to, seg_ids[k], SEG_BYTES - size, size, (gaspi_queue_id_t)(k % 4), GASPI_BLOCK));
    }
    for (gaspi_queue_id_t q = 0; q < 4; ++q) wait_queue(q);
    OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
    for (unsigned k = 0; k < NSEG; ++k) {
      const unsigned char *dst = (unsigned char *)segp(seg_ids[k]) + SEG_BYTES - size;
      for (size_t i = 0; i < size; ++i)
        CHECK(dst[i] == pattern(from, seg_ids[k], size, i), "write size %zu seg %u byte %zu: %u != %u", size, seg_ids[k], i,
              dst[i], pattern(from, seg_ids[k], size, i));
    }
    OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  }
}

/* Reads of every size from every segment of the previous rank. */
static void test_read_sizes(void) {
  const gaspi_rank_t from = (me + np - 1) % np;
  for (unsigned k = 0; k < NSEG; ++k) {
    unsigned char *p = segp(seg_ids[k]);
    for (size_t i = 0; i < SEG_BYTES / 2; ++i) p[i] = pattern(me, seg_ids[k], 0, i);
  }
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  for (size_t size = 1; size <= SEG_BYTES / 2; size = size < 16 ? size + 1 : size * 2 + 5) {
    for (unsigned k = 0; k < NSEG; ++k) {
      const size_t off = size & 7;
      OK(gaspi_read(seg_ids[k], SEG_BYTES / 2, from, seg_ids[k], off, size, 1, GASPI_BLOCK));
      wait_queue(1);
      const unsigned char *dst = (unsigned char *)segp(seg_ids[k]) + SEG_BYTES / 2;
      for (size_t i = 0; i < size; ++i)
        CHECK(dst[i] == pattern(from, seg_ids[k], 0, off + i), "read size %zu seg %u byte %zu", size, seg_ids[k], i);
    }
  }
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
}

/* write_notify: when the notification is seen, the data is there; notify_reset returns the
 * value; notifications in a range found with GASPI_TEST and GASPI_BLOCK. */
static void test_write_notify(void) {
  const gaspi_rank_t to = (me + 1) % np, from = (me + np - 1) % np;
  const gaspi_segment_id_t s = 1;
  unsigned char *p = segp(s);
  gaspi_notification_id_t first;
  gaspi_notification_t old;
  /* nothing yet: GASPI_TEST and a short timeout both time out */
  EXPECT_RC(GASPI_TIMEOUT, gaspi_notify_waitsome(s, 0, 1024, &first, GASPI_TEST));
  EXPECT_RC(GASPI_TIMEOUT, gaspi_notify_waitsome(s, 0, 1024, &first, 20));
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  for (unsigned round = 0; round < 50; ++round) {
    const size_t size = 1 + (round * 7919u) % (SEG_BYTES / 4);
    for (size_t i = 0; i < size; ++i) p[i] = pattern(me, round, size, i);
    const gaspi_notification_id_t id = 100 + round % 20;
    OK(gaspi_write_notify(s, 0, to, s, SEG_BYTES / 2, size, id, round + 1, 0, GASPI_BLOCK));
    OK(gaspi_notify_waitsome(s, 100, 20, &first, GASPI_BLOCK));
    CHECK(first == id, "round %u: notification %u, expected %u", round, first, id);
    OK(gaspi_notify_reset(s, first, &old));
    CHECK(old == round + 1, "round %u: notification value %u", round, old);
    const unsigned char *d = p + SEG_BYTES / 2;
    for (size_t i = 0; i < size; ++i) CHECK(d[i] == pattern(from, round, size, i), "round %u byte %zu not visible with its notification", round, i);
    wait_queue(0);
    OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));  /* the source buffer is reused next round */
  }
  /* A plain notify after writes on the same queue never overtakes them. */
  for (unsigned round = 0; round < 20; ++round) {
    for (unsigned w = 0; w < 8; ++w) {
      unsigned long *src = (unsigned long *)p + w * 1024;
      for (unsigned i = 0; i < 1024; ++i) src[i] = (unsigned long)me << 40 | (unsigned long)round << 20 | w << 12 | i;
      OK(gaspi_write(s, w * 8192, to, s, SEG_BYTES / 2 + w * 8192, 8192, 2, GASPI_BLOCK));
    }
    OK(gaspi_notify(s, to, 7, 1000 + round, 2, GASPI_BLOCK));
    OK(gaspi_notify_waitsome(s, 7, 1, &first, GASPI_BLOCK));
    OK(gaspi_notify_reset(s, 7, &old));
    CHECK(old == 1000 + round, "notify value %u", old);
    const unsigned long *d = (const unsigned long *)(p + SEG_BYTES / 2);
    for (unsigned w = 0; w < 8; ++w)
      for (unsigned i = 0; i < 1024; ++i)
        CHECK(d[w * 1024 + i] == ((unsigned long)from << 40 | (unsigned long)round << 20 | w << 12 | i),
              "round %u: write %u word %u overtaken by its notify", round, w, i);
    wait_queue(2);
    OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  }
  /* Every rank notifies rank 0 on its own id: waitsome over the range finds them all. */
  OK(gaspi_notify(s, 0, 200 + me, me + 1, 3, GASPI_BLOCK));
  wait_queue(3);
  if (me == 0) {
    unsigned seen = 0;
    while (seen < np) {
      OK(gaspi_notify_waitsome(s, 200, np, &first, GASPI_BLOCK));
      OK(gaspi_notify_reset(s, first, &old));
      CHECK(old == first - 200 + 1u, "id %u value %u", first, old);
      ++seen;
    }
    EXPECT_RC(GASPI_TIMEOUT, gaspi_notify_waitsome(s, 200, np, &first, GASPI_TEST));
  }
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
}

/* A large write (the transport's RMA between hosts) then a small write_notify (an AM) on the same
   queue to the same rank: the notification must not become visible before the large write's
   data. Between hosts the notification then waits for the RMA write (docs/gaspi.md); the
   GEX_OFI_TEST_DELAY_PUTS test runs hand every put to the provider late, so a notification sent
   without waiting arrives first. */
static void test_mixed_order(void) {
  const gaspi_rank_t to = (me + 1) % np, from = (me + np - 1) % np;
  const gaspi_segment_id_t s = 1;
  unsigned char *p = segp(s);
  const size_t big = 256 * 1024, small = 8;
  gaspi_notification_id_t first;
  gaspi_notification_t old;
  for (unsigned round = 0; round < 10; ++round) {
    for (size_t i = 0; i < big + small; ++i) p[i] = pattern(me, round, 3, i);
    OK(gaspi_write(s, 0, to, s, SEG_BYTES / 2, big, 1, GASPI_BLOCK));
    OK(gaspi_write_notify(s, big, to, s, SEG_BYTES / 2 + big, small, 300, round + 1, 1, GASPI_BLOCK));
    OK(gaspi_notify_waitsome(s, 300, 1, &first, GASPI_BLOCK));
    OK(gaspi_notify_reset(s, first, &old));
    CHECK(old == round + 1, "mixed round %u: notification value %u", round, old);
    const unsigned char *d = p + SEG_BYTES / 2;
    for (size_t i = 0; i < big + small; ++i)
      CHECK(d[i] == pattern(from, round, 3, i), "mixed round %u byte %zu not visible with the later write_notify", round, i);
    wait_queue(1);
    OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  }
}

/* gaspi_queue_purge (declared as pgaspi_ only, as in GPI-2's header) completes what the queue
   posted, small and large (RMA between hosts), and empties it. */
static void test_queue_purge(void) {
  const gaspi_rank_t to = (me + 1) % np, from = (me + np - 1) % np;
  const gaspi_segment_id_t s = 254;
  unsigned char *p = segp(s);
  const size_t big = 128 * 1024;
  for (size_t i = 0; i < big + 64; ++i) p[i] = pattern(me, 5, 5, i);
  OK(gaspi_write(s, 0, to, s, SEG_BYTES / 2, big, 2, GASPI_BLOCK));
  OK(gaspi_write(s, big, to, s, SEG_BYTES / 2 + big, 64, 2, GASPI_BLOCK));
  OK(pgaspi_queue_purge(2, GASPI_BLOCK));
  gaspi_number_t qs = 99;
  OK(gaspi_queue_size(2, &qs));
  CHECK(qs == 0, "queue_size %u after purge", qs);
  OK(pgaspi_queue_purge(2, GASPI_TEST)); /* an empty queue: nothing to wait for */
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  const unsigned char *d = p + SEG_BYTES / 2;
  for (size_t i = 0; i < big + 64; ++i) CHECK(d[i] == pattern(from, 5, 5, i), "after purge: byte %zu", i);
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
}

/* read_notify sets the local notification to 1 once the data is here. */
static void test_read_notify(void) {
  const gaspi_rank_t from = (me + 1) % np;
  const gaspi_segment_id_t s = 7;
  unsigned char *p = segp(s);
  for (size_t i = 0; i < 100000; ++i) p[i] = pattern(me, 9, 9, i);
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  gaspi_notification_id_t first;
  gaspi_notification_t old;
  OK(gaspi_read_notify(s, SEG_BYTES / 2, from, s, 0, 100000, 5, 0, GASPI_BLOCK));
  OK(gaspi_notify_waitsome(s, 5, 1, &first, GASPI_BLOCK));
  OK(gaspi_notify_reset(s, 5, &old));
  CHECK(old == 1, "read_notify value %u", old);
  for (size_t i = 0; i < 100000; ++i) CHECK(p[SEG_BYTES / 2 + i] == pattern(from, 9, 9, i), "read_notify byte %zu", i);
  wait_queue(0);
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
}

/* List operations: scattered pieces across two segments, then a notification. */
static void test_lists(void) {
  const gaspi_rank_t to = (me + 1) % np, from = (me + np - 1) % np;
  enum { N = 12 };
  gaspi_segment_id_t sl[N], sr[N];
  gaspi_offset_t ol[N], orr[N];
  gaspi_size_t sz[N];
  for (unsigned i = 0; i < N; ++i) {
    sl[i] = seg_ids[i % NSEG];
    sr[i] = seg_ids[(i + 1) % NSEG];
    sz[i] = 100 + i * 37;
    ol[i] = i * 4096;
    orr[i] = SEG_BYTES / 2 + i * 4096;
    unsigned char *src = (unsigned char *)segp(sl[i]) + ol[i];
    for (size_t j = 0; j < sz[i]; ++j) src[j] = pattern(me, i, 77, j);
  }
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  OK(gaspi_write_list_notify(N, sl, ol, to, sr, orr, sz, 0, 42, 9, 1, GASPI_BLOCK));
  gaspi_notification_id_t first;
  gaspi_notification_t old;
  OK(gaspi_notify_waitsome(0, 42, 1, &first, GASPI_BLOCK));
  OK(gaspi_notify_reset(0, 42, &old));
  CHECK(old == 9, "list notify value %u", old);
  for (unsigned i = 0; i < N; ++i) {
    const unsigned char *d = (unsigned char *)segp(sr[i]) + orr[i];
    for (size_t j = 0; j < sz[i]; ++j) CHECK(d[j] == pattern(from, i, 77, j), "write_list element %u byte %zu", i, j);
  }
  wait_queue(1);
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  /* read them back from `to` (which holds our data) with read_list and read_list_notify */
  gaspi_offset_t back[N];
  for (unsigned i = 0; i < N; ++i) back[i] = SEG_BYTES / 4 + i * 4096;
  OK(gaspi_read_list(N, sr, back, to, sr, orr, sz, 1, GASPI_BLOCK));
  wait_queue(1);
  for (unsigned i = 0; i < N; ++i) {
    const unsigned char *d = (unsigned char *)segp(sr[i]) + back[i];
    for (size_t j = 0; j < sz[i]; ++j) CHECK(d[j] == pattern(me, i, 77, j), "read_list element %u byte %zu", i, j);
    memset((unsigned char *)segp(sr[i]) + back[i], 0, sz[i]);
  }
  OK(gaspi_read_list_notify(N, sr, back, to, sr, orr, sz, 254, 3, 1, GASPI_BLOCK));
  OK(gaspi_notify_waitsome(254, 3, 1, &first, GASPI_BLOCK));
  OK(gaspi_notify_reset(254, 3, &old));
  CHECK(old == 1, "read_list_notify value %u", old);
  for (unsigned i = 0; i < N; ++i) {
    const unsigned char *d = (unsigned char *)segp(sr[i]) + back[i];
    for (size_t j = 0; j < sz[i]; ++j) CHECK(d[j] == pattern(me, i, 77, j), "read_list_notify element %u byte %zu", i, j);
  }
  wait_queue(1);
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
}

/* GASPI_QUEUE_FULL at exactly queue_size_max entries; gaspi_wait empties the queue. */
static void test_queue_full(void) {
  const gaspi_rank_t to = (me + 1) % np;
  gaspi_number_t max, size;
  OK(gaspi_queue_size_max(&max));
  for (gaspi_number_t i = 0; i < max; ++i) OK(gaspi_write(0, 0, to, 0, 8 * (i % 1000), 8, 3, GASPI_BLOCK));
  OK(gaspi_queue_size(3, &size));
  CHECK(size == max, "queue size %u after %u writes", size, max);
  EXPECT_RC(GASPI_QUEUE_FULL, gaspi_write(0, 0, to, 0, 0, 8, 3, GASPI_BLOCK));
  EXPECT_RC(GASPI_QUEUE_FULL, gaspi_notify(0, to, 1, 1, 3, GASPI_BLOCK));
  wait_queue(3);
  OK(gaspi_queue_size(3, &size));
  CHECK(size == 0, "queue size %u after gaspi_wait", size);
  /* write_notify takes two entries: one left is not enough */
  for (gaspi_number_t i = 0; i + 1 < max; ++i) OK(gaspi_write(0, 0, to, 0, 0, 8, 3, GASPI_BLOCK));
  EXPECT_RC(GASPI_QUEUE_FULL, gaspi_write_notify(0, 0, to, 0, 0, 8, 1, 1, 3, GASPI_BLOCK));
  OK(gaspi_write(0, 0, to, 0, 0, 8, 3, GASPI_BLOCK));
  wait_queue(3);
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  gaspi_notification_t old;
  OK(gaspi_notify_reset(0, 1, &old)); /* nothing was sent by the refused calls */
  CHECK(old == 0, "a refused notify arrived (%u)", old);
}

static void test_segment_queries(void) {
  gaspi_number_t n;
  OK(gaspi_segment_num(&n));
  CHECK(n == NSEG, "segment_num %u", n);
  gaspi_segment_id_t list[NSEG];
  OK(gaspi_segment_list(NSEG, list));
  for (unsigned k = 0; k < NSEG; ++k) CHECK(list[k] == seg_ids[k], "segment_list[%u] = %u", k, list[k]);
  gaspi_size_t size;
  OK(gaspi_segment_size(7, (me + 1) % np, &size));
  CHECK(size == SEG_BYTES, "segment_size %lu", size);
  gaspi_segment_id_t avail;
  OK(gaspi_segment_avail_local(&avail));
  CHECK(avail == 2, "segment_avail_local %u", avail);
  /* alloc, register with one rank only, delete: the directory of the others stays empty */
  OK(gaspi_segment_alloc(9, 4096, GASPI_MEM_INITIALIZED));
  const gaspi_rank_t to = (me + 1) % np;
  OK(gaspi_segment_register(9, to, GASPI_BLOCK));
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  const gaspi_rank_t from = (me + np - 1) % np;
  OK(gaspi_segment_size(9, from, &size));
  CHECK(size == 4096, "registered segment size %lu", size);
  if (np > 3) EXPECT_RC(GASPI_ERR_INV_SEG, gaspi_segment_size(9, (me + 2) % np, &size)); /* not registered here */
  unsigned long *p = segp(9);
  p[0] = 0xabcdef00ul + me;
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  OK(gaspi_read(0, 0, from, 9, 0, 8, 0, GASPI_BLOCK));
  wait_queue(0);
  CHECK(*(unsigned long *)segp(0) == 0xabcdef00ul + from, "read from a segment registered with this rank only");
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  OK(gaspi_segment_delete(9));
  OK(gaspi_segment_num(&n));
  CHECK(n == NSEG, "segment_num after delete %u", n);
  /* bind user memory and use it across the group */
  static unsigned long user[512];
  OK(gaspi_segment_use(3, user, sizeof user, GASPI_GROUP_ALL, GASPI_BLOCK, 0));
  user[5] = 0;
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  *(unsigned long *)segp(0) = 0x5150000ul + me;
  OK(gaspi_write_notify(0, 0, to, 3, 5 * 8, 8, 0, 1, 0, GASPI_BLOCK));
  gaspi_notification_id_t first;
  OK(gaspi_notify_waitsome(3, 0, 1, &first, GASPI_BLOCK));
  CHECK(user[5] == 0x5150000ul + from, "write into a bound segment: %lx", user[5]);
  wait_queue(0);
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  OK(gaspi_segment_delete(3));
}

int main(void) {
  OK(gaspi_proc_init(GASPI_BLOCK));
  OK(gaspi_proc_rank(&me));
  OK(gaspi_proc_num(&np));
  for (unsigned k = 0; k < NSEG; ++k)
    OK(gaspi_segment_create(seg_ids[k], SEG_BYTES, GASPI_GROUP_ALL, GASPI_BLOCK, GASPI_MEM_INITIALIZED));
  test_segment_queries();
  test_write_sizes();
  test_read_sizes();
  test_write_notify();
  test_read_notify();
  test_mixed_order();
  test_queue_purge();
  test_lists();
  test_queue_full();
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  for (unsigned k = 0; k < NSEG; ++k) OK(gaspi_segment_delete(seg_ids[k]));
  OK(gaspi_proc_term(GASPI_BLOCK));
  if (me == 0) printf("gaspi rma: OK (%u ranks)\n", np);
  return 0;
}
