// expect: true
// the destructor's error needs a value main never stores
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int seen = 0;
__attribute__((destructor)) static void check(void) {
  if (seen == 42) reach_error();
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  seen = x > 40 ? 40 : x;
  return 0;
}
