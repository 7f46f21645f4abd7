// expect: true
// A loop with an input trip count: compact execution proves it with a template.
extern void abort(void);
extern unsigned __VERIFIER_nondet_uint(void);
void reach_error(void) { abort(); }
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned i = 0, s = 0;
  while (i < n) {
    i++;
    s += 2;
  }
  if (s != 2 * i) {
    reach_error();
  }
  return 0;
}
