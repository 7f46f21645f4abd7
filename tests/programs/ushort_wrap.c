// expect: true
// unsigned short wraps when stored, but arithmetic on it is promoted to int and never wraps
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "ushort_wrap.c", 4, "reach_error"); }
extern unsigned short __VERIFIER_nondet_ushort(void);

int main(void) {
  unsigned short x = __VERIFIER_nondet_ushort();
  unsigned short y = x + 1;
  if (y == 0 && x != 65535) reach_error();
  if (x + 1 == 0) reach_error();
  unsigned short z = x - 1;
  if (x == 0 && z != 65535) reach_error();
  if (x * 2 > 131070) reach_error();
  if (x - 65536 >= 0) reach_error();
  return 0;
}
