// expect: false
// a loop made of a label and a goto: i == 10 after it when n >= 10.
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
  if (i > 9) reach_error();
  return 0;
}
