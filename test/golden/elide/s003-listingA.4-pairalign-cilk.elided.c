/* Globals of BOTS alignment.c, declared before this function in the original file. */
extern int nseqs, gap_pos1, gap_pos2, mat_avscore, dnaFlag;
extern int *seqlen_array, *bench_output;
extern char **seq_array;
extern double gap_open_scale, gap_extend_scale, pw_go_penalty, pw_ge_penalty;

static void * _taskFunc4(void * __tdata2)
{
    struct __taskenv__0 {
    int len2;
    int sj;
    double mm_score;
    double gg;
    int si;
    int m;
    int n;
    int len1;
    int i;
      };
     struct __taskenv__0 * _tenv1 = ( struct __taskenv__0 *) __tdata2;


    int len2 = _tenv1->len2;

    int sj = _tenv1->sj;

    double mm_score = _tenv1->mm_score;

    double gg = _tenv1->gg;

    int si = _tenv1->si;

    int m = _tenv1->m;
    int n = _tenv1->n;


    int len1 = _tenv1->len1;

    int i = _tenv1->i;
    {
      {
        int se1, se2, sb1, sb2, maxscore, seq1, seq2, g, gh;
        int displ[10001];
        int print_ptr, last_print;
        for (i = 1, len2 = 0; i <= m; i++) {
            char c = seq_array[sj + 1][i];
            if ((c != gap_pos1) && (c != gap_pos2))
               len2++;
        }
        if (dnaFlag == 1) {
            g = (int)(2 * 100 * pw_go_penalty * gap_open_scale);
            gh = (int)(100 * pw_ge_penalty * gap_extend_scale);
        } else {
            gg = pw_go_penalty + log((double)((n) < (m) ? (n) : (m)));
            g = (int)((mat_avscore <= 0) ? (2 * 100 * gg) : (2 * mat_avscore * gg * gap_open_scale));
            gh = (int)(100 * pw_ge_penalty);
        }
        seq1 = si + 1;
        seq2 = sj + 1;
        forward_pass(&seq_array[seq1][0], &seq_array[seq2][0], n, m, &se1, &se2, &maxscore, g, gh);
        reverse_pass(&seq_array[seq1][0], &seq_array[seq2][0], se1, se2, &sb1, &sb2, maxscore, g, gh);
        print_ptr = 1;
        last_print = 0;
        diff(sb1 - 1, sb2 - 1, se1 - sb1 + 1, se2 - sb2 + 1, 0, 0, &print_ptr, &last_print, displ, seq1, seq2, g, gh);
        mm_score = tracepath(sb1, sb2, &print_ptr, displ, seq1, seq2);
        if (len1 == 0 || len2 == 0)
            mm_score = 0.;
        else
            mm_score /= (double)((len1) < (len2) ? (len1) : (len2));
        bench_output[si * nseqs + sj] = (int)mm_score;
     }
  }
}

 static void * _taskFunc5(void * __tdata2)
 {
   struct __taskenv__0 {
          double gg;
          double mm_score;
          int len2;
   };
   struct __taskenv__0 * _tenv1 = ( struct __taskenv__0 *) __tdata2;

   double gg = _tenv1->gg;
   double mm_score = _tenv1->mm_score;
   int len2 = _tenv1->len2;
    {
                 int len1;

                 int i;
                 int m;
                 int n;
                 int sj;
                 int si;

      for (si = 0; si < nseqs; si++) {

            n = seqlen_array[si + 1];
              for (i = 1, len1 = 0; i <= n; i++) {
                   char c = seq_array[si + 1][i];
               if ((c != gap_pos1) && (c != gap_pos2))
                       len1++;
             }
            for (sj = si + 1; sj < nseqs; sj++) {
                 m = seqlen_array[sj + 1];
                 if (n == 0 || m == 0) {
                     bench_output[si * nseqs + sj] = (int)1.;
                 } else {
                   {
                         struct __taskenv__0 {
                         int len2;
                            int sj;
                            double mm_score;
                              double gg;
                                int si;
                              int m;
                              int n;
                              int len1;
                              int i;
                         } *_tenv1;

          _tenv1 = (struct __taskenv__0 *)malloc(sizeof(struct __taskenv__0));
                       _tenv1->len2 = len2;
                       _tenv1->sj = sj;
                                _tenv1->mm_score = mm_score;
                       _tenv1->gg = gg;
                     _tenv1->si = si;
                     _tenv1->m = m;
                       _tenv1->n = n;
                       _tenv1->len1 = len1;
                     _tenv1->i = i;
                        _taskFunc4(_tenv1);
                  }
                 }
           }
          }
    }
    }
  int pairalign()
  {
     int i, n, m, si, sj;
     int len1, len2, maxres;
     double gg, mm_score;
     int *mat_xref, *matptr;

     matptr = gon250mt;
     mat_xref = def_aa_xref;
     maxres = get_matrix(matptr, mat_xref, 10);
     if (maxres == 0) return(-1);

     bots_message("Start aligning ");

     {
      {
                struct __taskenv__0 {
                 double gg;
                 double mm_score;
                 int len2;
           } * _tenv1;

                _tenv1 = ( struct __taskenv__0*) malloc(sizeof(struct __taskenv__0));
                _tenv1->gg = gg;
                _tenv1->mm_score = mm_score;
           _tenv1->len2 = len2;

                _taskFunc5(_tenv1);
    }

   // end parallel for (i)
     }
     // end parallel
     bots_message(" completed!\n");

     return 0;
  }
