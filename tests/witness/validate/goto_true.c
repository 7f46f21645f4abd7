// expect: true
// a loop made of a label and a goto: i <= 10 every time `loop` is reached.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = 0;
loop:
  if (i < n && i < 10) {
    i++;
    goto loop;
  }
  if (i > 10) reach_error();
  return 0;
}
