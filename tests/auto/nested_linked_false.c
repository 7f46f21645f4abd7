// expect: false
// Two inner loops bounded by the outer counter; the second is capped at
// 100, so at i = 101 the counts differ. The necessary condition once called
// this unreachable: the inner loops' counters are existential in the outer
// loop's summary and free at its last iteration, and the SMT-LIB script
// named a term over them once for both places (issue 15).
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern _Bool __VERIFIER_nondet_bool(void);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(0 <= n && n < 200);
  for (int i = 0; i < n; i++) {
    int a = 0, b = 0;
    for (int j = 0; j < i; j++) {
      a++;
    }
    for (int k = 0; k < i && k < 100; k++) {
      b++;
    }
    __VERIFIER_assert(a == b);
  }
  return 0;
}
