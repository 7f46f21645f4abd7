// expect: false
// a constructor sets the global main reads: the error needs the constructor's value
// witness: 7
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int limit = 0;
__attribute__((constructor)) static void setup(void) { limit = 10; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 5 && x < limit) reach_error();
  return 0;
}
