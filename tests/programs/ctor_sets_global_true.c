// expect: true
// a constructor sets the global main reads: with its value the error is unreachable
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int limit = 10;
__attribute__((constructor)) static void setup(void) { limit = 0; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 5 && x < limit) reach_error();
  return 0;
}
