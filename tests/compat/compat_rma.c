/* GASNet-1 RMA of every flavour, checked byte for byte: blocking, _bulk, _nb, _nb_bulk, _nbi,
 * _nbi_bulk, _val (blocking, nb, nbi, get_val, get_nb_val), memset (blocking, nb, nbi), the
 * syncnb single/all/some waits and tries, syncnbi gets/puts/all, and access regions.
 * Every node writes to and reads from every node (itself included) at odd sizes and offsets.
 * Also compiled as C++ (compat_rma_cxx.cpp). */
#include "compat_util.h"

#define MAXNODES 16
#define AREA 65536 /* per (writer) area in each node's segment */
static gasnet_seginfo_t seg[MAXNODES];
static const size_t sizes[] = {1, 3, 8, 13, 64, 1000, 4093, 65536};
#define NSIZES (sizeof sizes / sizeof sizes[0])

static unsigned char pattern(unsigned writer, unsigned target, unsigned flavour, size_t j) {
  return (unsigned char)(j * 31u + writer * 7u + target * 3u + flavour * 101u + (j >> 8));
}
/* This node's area in node t's segment. */
static char *area(gasnet_node_t t, unsigned writer) { return (char *)seg[t].addr + (size_t)writer * AREA; }

static void fill(unsigned char *b, size_t n, unsigned w, unsigned t, unsigned f) {
  size_t j;
  for (j = 0; j < n; ++j) b[j] = pattern(w, t, f, j);
}
static void expect(const unsigned char *b, size_t n, unsigned w, unsigned t, unsigned f) {
  size_t j;
  for (j = 0; j < n; ++j)
    if (b[j] != pattern(w, t, f, j)) {
      fprintf(stderr, "node %u: flavour %u, writer %u, target %u: byte %zu of %zu is %u, expected %u\n",
              (unsigned)gasnet_mynode(), f, w, t, j, n, b[j], pattern(w, t, f, j));
      CHECK(0);
    }
}

enum { F_PUT, F_PUT_BULK, F_PUT_NB, F_PUT_NB_BULK, F_PUT_NBI, F_PUT_NBI_BULK, F_PUT_REGION, NFLAVOURS };

/* Writes with flavour f to node t, then every node checks its own segment after a barrier, then
 * reads back with each get flavour. */
static void put_flavour(unsigned f, gasnet_node_t t, size_t n, unsigned char *src) {
  gasnet_handle_t h;
  unsigned me = gasnet_mynode();
  char *dst = area(t, me) + (n & 7); /* odd offsets too */
  fill(src, n, me, t, f);
  switch (f) {
    case F_PUT: gasnet_put(t, dst, src, n); break;
    case F_PUT_BULK: gasnet_put_bulk(t, dst, src, n); break;
    case F_PUT_NB:
      h = gasnet_put_nb(t, dst, src, n);
      memset(src, 0xAB, n); /* non-bulk: the source is reusable on return */
      gasnet_wait_syncnb(h);
      break;
    case F_PUT_NB_BULK:
      h = gasnet_put_nb_bulk(t, dst, src, n);
      while (gasnet_try_syncnb(h) == GASNET_ERR_NOT_READY) {
      }
      break;
    case F_PUT_NBI:
      gasnet_put_nbi(t, dst, src, n);
      memset(src, 0xCD, n);
      gasnet_wait_syncnbi_puts();
      break;
    case F_PUT_NBI_BULK:
      gasnet_put_nbi_bulk(t, dst, src, n);
      while (gasnet_try_syncnbi_puts() == GASNET_ERR_NOT_READY) {
      }
      break;
    case F_PUT_REGION:
      gasnet_begin_nbi_accessregion();
      gasnet_put_nbi_bulk(t, dst, src, n / 2);
      gasnet_put_nbi(t, dst + n / 2, src + n / 2, n - n / 2);
      h = gasnet_end_nbi_accessregion();
      gasnet_wait_syncnb(h);
      break;
  }
}

static void get_all_flavours(gasnet_node_t t, unsigned writer, unsigned f, size_t n, unsigned char *buf) {
  char *src = area(t, writer) + (n & 7);
  gasnet_handle_t hs[3];
  memset(buf, 0, n);
  gasnet_get(buf, t, src, n);
  expect(buf, n, writer, t, f);
  memset(buf, 0, n);
  gasnet_get_bulk(buf, t, src, n);
  expect(buf, n, writer, t, f);
  memset(buf, 0, n);
  gasnet_wait_syncnb(gasnet_get_nb(buf, t, src, n));
  expect(buf, n, writer, t, f);
  memset(buf, 0, n);
  hs[0] = gasnet_get_nb_bulk(buf, t, src, n / 3);
  hs[1] = gasnet_get_nb_bulk(buf + n / 3, t, src + n / 3, n / 3);
  hs[2] = gasnet_get_nb(buf + 2 * (n / 3), t, src + 2 * (n / 3), n - 2 * (n / 3));
  gasnet_wait_syncnb_all(hs, 3);
  expect(buf, n, writer, t, f);
  memset(buf, 0, n);
  hs[0] = gasnet_get_nb(buf, t, src, n / 2);
  hs[1] = gasnet_get_nb(buf + n / 2, t, src + n / 2, n - n / 2);
  while (gasnet_try_syncnb_all(hs, 2) == GASNET_ERR_NOT_READY) {
  }
  expect(buf, n, writer, t, f);
  memset(buf, 0, n);
  hs[0] = gasnet_get_nb(buf, t, src, n / 2);
  hs[1] = gasnet_get_nb(buf + n / 2, t, src + n / 2, n - n / 2);
  gasnet_wait_syncnb_some(hs, 2);
  while (gasnet_try_syncnb_some(hs, 2) == GASNET_ERR_NOT_READY) {
  }
  gasnet_wait_syncnb_all(hs, 2);
  expect(buf, n, writer, t, f);
  memset(buf, 0, n);
  gasnet_get_nbi(buf, t, src, n / 2);
  gasnet_get_nbi_bulk(buf + n / 2, t, src + n / 2, n - n / 2);
  gasnet_wait_syncnbi_gets();
  expect(buf, n, writer, t, f);
  memset(buf, 0, n);
  gasnet_get_nbi_bulk(buf, t, src, n);
  while (gasnet_try_syncnbi_all() == GASNET_ERR_NOT_READY) {
  }
  expect(buf, n, writer, t, f);
  memset(buf, 0, n);
  gasnet_get_nbi(buf, t, src, n);
  gasnet_wait_syncnbi_all();
  while (gasnet_try_syncnbi_gets() == GASNET_ERR_NOT_READY) {
  }
  expect(buf, n, writer, t, f);
}

int main(int argc, char **argv) {
  gasnet_node_t me, nodes, t;
  unsigned f;
  size_t s;
  unsigned char *src, *buf;
  CHECK_OK(gasnet_init(&argc, &argv));
  me = gasnet_mynode();
  nodes = gasnet_nodes();
  CHECK(nodes <= MAXNODES && me < nodes);
  CHECK(gasnet_attach(NULL, 0, (uintptr_t)MAXNODES * AREA + GASNET_PAGESIZE * 3 + 1, 0) == GASNET_ERR_BAD_ARG);
  CHECK_OK(gasnet_attach(NULL, 0, (uintptr_t)MAXNODES * AREA + GASNET_PAGESIZE, 0));
  CHECK_OK(gasnet_getSegmentInfo(seg, (int)nodes));
  for (t = 0; t < nodes; ++t) CHECK(seg[t].addr != NULL && seg[t].size >= (uintptr_t)MAXNODES * AREA);
  {
    gasnet_nodeinfo_t info[MAXNODES];
    gex_Client_t client;
    gex_EP_t ep;
    gex_TM_t tm;
    gex_Segment_t segment;
    CHECK_OK(gasnet_getNodeInfo(info, (int)nodes));
    CHECK(info[me].offset == 0);
    gasnet_QueryGexObjects(&client, &ep, &tm, &segment);
    CHECK(client != GEX_CLIENT_INVALID && ep != GEX_EP_INVALID && tm != GEX_TM_INVALID);
    CHECK(gex_Client_QueryFlags(client) & GEX_FLAG_USES_GASNET1);
    CHECK(gex_TM_QueryRank(tm) == me && gex_TM_QuerySize(tm) == nodes);
    CHECK(gex_Segment_QueryAddr(segment) == seg[me].addr);
    gasnet_QueryGexObjects(NULL, NULL, NULL, NULL);
  }
  src = (unsigned char *)malloc(AREA);
  buf = (unsigned char *)malloc(AREA);
  CHECK(src && buf);

  for (f = 0; f < NFLAVOURS; ++f) {
    for (s = 0; s < NSIZES; ++s) {
      size_t n = sizes[s] - (sizes[s] == AREA ? 8 : 0);
      for (t = 0; t < nodes; ++t) put_flavour(f, (gasnet_node_t)((me + t) % nodes), n, src);
      CHECK_OK(gasnet_barrier((int)(f * 100 + s), 0));
      for (t = 0; t < nodes; ++t) expect((unsigned char *)area(me, t) + (n & 7), n, t, me, f); /* landed here */
      for (t = 0; t < nodes; ++t) get_all_flavours((gasnet_node_t)((me + t) % nodes), me, f, n, buf);
      CHECK_OK(gasnet_barrier((int)(f * 100 + s), 0));
    }
  }

  /* value forms, every width */
  {
    size_t w;
    for (t = 0; t < nodes; ++t) {
      char *dst = area(t, me);
      for (w = 1; w <= sizeof(gasnet_register_value_t); ++w) {
        gasnet_register_value_t v = (gasnet_register_value_t)0x8877665544332211ull ^ (me * 0x0101010101010101ull) ^ w;
        gasnet_register_value_t mask = w == 8 ? ~(gasnet_register_value_t)0 : (((gasnet_register_value_t)1 << (8 * w)) - 1);
        gasnet_valget_handle_t vh;
        memset(buf, 0, 64);
        gasnet_put(t, dst, buf, 64); /* dst is node t's address: clear it remotely */
        gasnet_put_val(t, dst, v, w);
        CHECK(gasnet_get_val(t, dst, w) == (v & mask));
        gasnet_wait_syncnb(gasnet_put_nb_val(t, dst + 16, v + 1, w));
        gasnet_put_nbi_val(t, dst + 32, v + 2, w);
        gasnet_wait_syncnbi_puts();
        CHECK(gasnet_get_val(t, dst + 16, w) == ((v + 1) & mask));
        vh = gasnet_get_nb_val(t, dst + 32, w);
        CHECK(gasnet_wait_syncnb_valget(vh) == ((v + 2) & mask));
        gasnet_get(buf, t, dst, 64);
        CHECK(memcmp(buf, &v, w) == 0); /* little endian: the low-order bytes */
        { size_t j; for (j = w; j < 16; ++j) CHECK(buf[j] == 0); }
      }
    }
  }
  CHECK_OK(gasnet_barrier(7777, 0));

  /* memset forms */
  for (t = 0; t < nodes; ++t) {
    char *dst = area(t, me);
    size_t j;
    gasnet_memset(t, dst, 0x5A, 1001);
    gasnet_wait_syncnb(gasnet_memset_nb(t, dst + 1001, 0xA5, 999));
    gasnet_memset_nbi(t, dst + 2000, 0, 7);
    gasnet_wait_syncnbi_all();
    gasnet_get(buf, t, dst, 2010);
    for (j = 0; j < 1001; ++j) CHECK(buf[j] == 0x5A);
    for (j = 1001; j < 2000; ++j) CHECK(buf[j] == 0xA5);
    for (j = 2000; j < 2007; ++j) CHECK(buf[j] == 0);
  }
  CHECK_OK(gasnet_barrier(8888, 0));
  free(src);
  free(buf);
  if (me == 0) printf("compat_rma: %u nodes, %d put flavours x %d sizes x 9 get flavours, val, memset: OK\n",
                      (unsigned)nodes, (int)NFLAVOURS, (int)NSIZES);
  gasnet_exit(0);
  return 0;
}
