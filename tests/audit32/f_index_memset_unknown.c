// expect: unknown
// failures: the index of a store is a global whose low byte a helper memsets to 4, past the array: unknown
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void *memset(void *, int, unsigned long);
unsigned idx;
void set(void) { memset(&idx, 4, 1); }
int main(void) {
  unsigned a[4] = {0, 0, 0, 0};
  idx = 0;
  unsigned char n = __VERIFIER_nondet_uchar();
  if (n == 200)
    set();
  a[idx] = n;
  return (int)a[0] & 0;
}
