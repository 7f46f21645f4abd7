// diff: heap buffers, realloc, memcpy/memmove/memset, pointer arithmetic, byte view of ints, small linked list
#include <stdlib.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __kappa_trace(long long v);

struct node { int v; struct node *next; };

int main(void) {
  int in[4];
  for (int k = 0; k < 4; k++) in[k] = __VERIFIER_nondet_int();
  unsigned int off = __VERIFIER_nondet_uint();
  int *buf = malloc(8 * sizeof(int));
  if (!buf) { __kappa_trace(-1); return 0; }
  memset(buf, 0, 8 * sizeof(int));
  for (int k = 0; k < 4; k++) buf[k] = in[k] ^ 0x55;
  int *p = buf + (off & 7u);
  __kappa_trace(p - buf);
  __kappa_trace(*p);
  *p ^= 1;
  __kappa_trace(buf[off & 7u]);
  unsigned char *bytes = (unsigned char *)buf;
  __kappa_trace(bytes[0]);
  __kappa_trace(bytes[1]);
  __kappa_trace(bytes[(off >> 3) & 31u]);
  int *q = realloc(buf, 16 * sizeof(int));
  if (!q) { free(buf); __kappa_trace(-2); return 0; }
  buf = q;
  memcpy(buf + 8, buf, 8 * sizeof(int));
  __kappa_trace(buf[8 + ((off >> 3) & 7u)]);
  memmove(buf + 1, buf, 4 * sizeof(int));
  for (int k = 0; k < 6; k++) __kappa_trace(buf[k]);
  memset(buf + 2, 0xff, 2 * sizeof(int));
  __kappa_trace(buf[2]);
  __kappa_trace(buf[3]);
  int *end = buf + 16;
  int cnt = 0;
  for (int *r = buf; r < end; r++)
    if (*r < 0) cnt++;
  __kappa_trace(cnt);
  struct node *head = 0;
  for (int k = 0; k < 3; k++) {
    struct node *n = calloc(1, sizeof *n);
    if (!n) { __kappa_trace(-3); break; }
    n->v = in[k] & 0xffff;
    n->next = head;
    head = n;
  }
  unsigned int acc = 0;
  for (struct node *n = head; n; n = n->next) {
    acc = acc * 31u + (unsigned int)n->v;
    __kappa_trace(n->v);
  }
  __kappa_trace(acc);
  if (head && head->next && head->v > head->next->v) __kappa_trace(10); else __kappa_trace(11);
  while (head) {
    struct node *nx = head->next;
    free(head);
    head = nx;
  }
  free(buf);
  return 0;
}
