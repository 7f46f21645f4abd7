// expect: false
// paths: 7
// run: -1 -2 -3 -> 0 0 0 1 1 1 error
// run: -1 5 0 -> 0 1
// independent constraints on three inputs: the runtime's witness merges the
// solver's models of independent slices; the error needs all three negative
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  int z = __VERIFIER_nondet_int();
  if (x > 0) return 0;
  if (y > 0) return 0;
  if (z > 0) return 0;
  if (x != 0 && y != 0 && z != 0) reach_error();
  return 0;
}
