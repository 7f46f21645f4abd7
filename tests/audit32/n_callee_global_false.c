// expect: false
// navigate: a callee loop writes a global through its pointer parameter; main checks the global after the return
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "audit32.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
unsigned g;
void work(unsigned n, unsigned *p) {
  for (unsigned i = 0; i < n; i++)
    *p += 2;
}
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  if (n > 5000)
    return 0;
  work(n, &g);
  if (g == 2000)
    reach_error();
  return 0;
}
