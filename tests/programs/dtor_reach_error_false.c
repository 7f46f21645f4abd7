// expect: false
// a destructor reaches the error after main returns, depending on what main stored
// witness: 42
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int seen = 0;
__attribute__((destructor)) static void check(void) {
  if (seen == 42) reach_error();
}
int main(void) {
  seen = __VERIFIER_nondet_int();
  return 0;
}
