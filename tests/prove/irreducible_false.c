// expect: false
// (what each mode answers: tests/prove/manifest)
// a loop entered at two places (a goto into its body: irreducible control
// flow, as benchmark reducers produce); x grows twice as fast as y, but
// the goto skips one x++
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "prove.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern _Bool __VERIFIER_nondet_bool(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  if (n >= 1000)
    return 0;
  unsigned x = 0, y = 0;
  if (__VERIFIER_nondet_bool())
    goto middle;
  while (x < n) {
    x++;
  middle:
    y++;
    x++;
  }
  __VERIFIER_assert(y + y == x);
  return 0;
}
