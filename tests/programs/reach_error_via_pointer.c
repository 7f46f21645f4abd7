// expect: false
// reach_error called through a function pointer is still the error
// witness: 3
extern int __VERIFIER_nondet_int(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "reach_error_via_pointer.c", 3, "reach_error"); }
void fine(void) {}
int main(void) {
  int x = __VERIFIER_nondet_int();
  void (*f)(void) = (x == 3) ? reach_error : fine;
  f();
  return 0;
}
