// expect: false
// the caller's struct keeps its value after a by-value call that changes the copy
// witness: 7
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct big { int a[6]; };
int mutate(struct big b) { b.a[0] = 99; return b.a[0]; }
int main(void) {
  struct big s;
  int k = __VERIFIER_nondet_int();
  for (int i = 0; i < 6; i++) s.a[i] = k;
  mutate(s);
  if (k == 7 && s.a[0] == 7) reach_error();
  return 0;
}
