// expect: true
// main reads and writes g whole; it writes byte 0 of g through a pointer a helper returned; the write happens in iteration 1000 only, so
// bounded model checking cannot find it and an invariant such as g <= 1u must not hide it
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "audit32.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
unsigned g;
unsigned char *where(void) { return (unsigned char *)&g; }
int main(void) {
  g = 0;
  unsigned n = __VERIFIER_nondet_uint();
  for (unsigned i = 0; i < n; i++) {
    g = 1 - g;
    if (i == 1000)
      where()[0] = 1;
  }
  if (g > 1u)
    reach_error();
  return 0;
}
