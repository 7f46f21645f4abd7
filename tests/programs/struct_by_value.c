// expect: true
// structs passed and returned by value: callee modifications do not leak to the caller
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct pair { int a; int b; };

static struct pair mk(int a, int b) { struct pair p; p.a = a; p.b = b; return p; }
static void clobber(struct pair p) { p.a = 0; p.b = 0; (void)p; }
static struct pair swapped(struct pair p) { int t = p.a; p.a = p.b; p.b = t; return p; }

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  struct pair p = mk(x, y);
  clobber(p);
  if (p.a != x || p.b != y) reach_error();
  struct pair q = swapped(p);
  if (q.a != y || q.b != x || p.a != x) reach_error();
  return 0;
}
