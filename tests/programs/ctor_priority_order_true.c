// expect: true
// constructors run by ascending priority (101, 102, then the default): the
// trace is 123, never another order
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int trace = 0;
__attribute__((constructor)) static void last(void) { trace = trace * 10 + 3; }
__attribute__((constructor(102))) static void second(void) { trace = trace * 10 + 2; }
__attribute__((constructor(101))) static void first(void) { trace = trace * 10 + 1; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (trace != 123 && x == 1) reach_error();
  return 0;
}
