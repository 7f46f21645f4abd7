// expect: false
// A loop with a branch on input inside: one cycle per side; the template
// of one side is used where it applies, classic steps elsewhere.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  unsigned int key = 0;
  for (int b = 0; b < 4; b++) {
    int v = __VERIFIER_nondet_int();
    if (v > 100) key = key * 2 + 1; else key = key * 2;
  }
  if (key == 5) reach_error();
  return 0;
}
