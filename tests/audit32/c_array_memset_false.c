// expect: false
// condition: a loop zeroes a local array (array rule), then a helper memsets one chosen byte of it
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "audit32.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void *memset(void *, int, unsigned long);
void mark(unsigned char *a, unsigned k) { memset(a + k, 7, 1); }
int main(void) {
  unsigned char a[8];
  for (unsigned i = 0; i < 8; i++)
    a[i] = 0;
  unsigned char k = __VERIFIER_nondet_uchar();
  if (k < 8)
    mark(a, k);
  if (a[3] == 7)
    reach_error();
  return 0;
}
