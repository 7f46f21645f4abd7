// expect: true
// Loop navigation: the counter constraint system proves the error unreachable.
extern void abort(void);
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { abort(); }
int main(void) {
  int i = 0;
  int k = 0;
  while (i < 100) {
    i++;
    k += 2;
  }
  if (k < 200) {
    reach_error();
  }
  return 0;
}
