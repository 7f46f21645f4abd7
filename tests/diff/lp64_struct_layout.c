// diff: LP64 struct layout with long and pointer members, pointer differences, unsigned long wrap-around
// data-model: LP64
#include <stdlib.h>
extern long __VERIFIER_nondet_long(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern int __VERIFIER_nondet_int(void);
extern void __kappa_trace(long long v);

struct item {
  char tag;
  long value;
  int count;
  struct item *next;
};

int main(void) {
  long v = __VERIFIER_nondet_long();
  unsigned long w = __VERIFIER_nondet_ulong();
  int n = __VERIFIER_nondet_int();
  struct item items[3];
  __kappa_trace(sizeof(struct item));
  __kappa_trace((char *)&items[0].value - (char *)&items[0]);
  __kappa_trace((char *)&items[0].next - (char *)&items[0]);
  __kappa_trace((char *)&items[2] - (char *)&items[0]);
  for (int k = 0; k < 3; k++) {
    items[k].tag = (char)('x' + k);
    items[k].value = (long)((unsigned long)v + (unsigned long)k * w);
    items[k].count = n & 0xff;
    items[k].next = k < 2 ? &items[k + 1] : 0;
  }
  unsigned long acc = 0;
  for (struct item *p = &items[0]; p; p = p->next) {
    acc += (unsigned long)p->value;
    __kappa_trace(p->tag);
    __kappa_trace(p->value);
  }
  __kappa_trace((long)acc);
  __kappa_trace((long)(w - 1UL));
  __kappa_trace((long)(0UL - w));
  __kappa_trace((long)(w * 3UL));
  __kappa_trace(v >> 40);
  __kappa_trace((int)(w >> 32));
  if (v < 0 && (unsigned long)v > w) __kappa_trace(1); else __kappa_trace(2);
  long *heap = malloc(4 * sizeof(long));
  if (!heap) { __kappa_trace(-1); return 0; }
  for (int k = 0; k < 4; k++) heap[k] = (long)(w >> (k * 8));
  long *hp = heap + (n & 3);
  __kappa_trace(hp - heap);
  __kappa_trace(*hp);
  __kappa_trace((char *)hp - (char *)heap);
  free(heap);
  return 0;
}
