// A second corpus, written apart from the first and scored before the recogniser was changed
// for it (docs/performance.md gives that first score): answers, judgments' reasons, memos and
// commentary, in the same form as citation-corpus.ts.
export const CITATION_HOLDOUT = String.raw`
# Held-out citation test set: Polish and EU legal citations.
# Format: <sentence> => <key>; <key>; ...   (nothing after => means no citation)

# ============================================================
# A. Porady dla konsumentów (odpowiedzi czatu)
# ============================================================
Odpowiedź w skrócie: tak, może Pan odstąpić od umowy bez podawania przyczyny. =>
Podstawa prawna: =>
- art. 27 ustawy z dnia 30 maja 2014 r. o prawach konsumenta (Dz. U. z 2023 r. poz. 2759) – prawo odstąpienia w terminie 14 dni, => pl:DU:2014:827#27; pl:DU:2023:2759
- art. 32 ust. 1 u.p.k. – zwrot wszystkich dokonanych płatności, w tym kosztów dostarczenia, => pl:DU:2014:827#32
- art. 34 ust. 1 u.p.k. – obowiązek odesłania rzeczy przez konsumenta. => pl:DU:2014:827#34
Wyjątki od prawa odstąpienia wymienia art. 38 u.p.k., np. dla rzeczy wyprodukowanych według specyfikacji konsumenta. => pl:DU:2014:827#38
Jeżeli sprzedawca nie poinformował Pana o prawie odstąpienia, termin wydłuża się o 12 miesięcy (art. 29 ust. 1 UPK). => pl:DU:2014:827#29
Termin liczy się od dnia objęcia rzeczy w posiadanie przez Pana lub wskazaną osobę trzecią. =>
Przepisy te wdrażają dyrektywę Parlamentu Europejskiego i Rady 2011/83/UE z dnia 25 października 2011 r. w sprawie praw konsumentów. => eu:32011L0083
W piśmie do sprzedawcy warto powołać się również na art. 9 ust. 1 dyrektywy 2011/83/UE. => eu:32011L0083#9
Kwota do zwrotu: 2 349,99 zł, w tym 19,99 zł za najtańszy sposób dostawy. =>
Od 1 stycznia 2023 r. odpowiedzialność przedsiębiorcy za brak zgodności towaru z umową regulują art. 43a–43g u.p.k. => pl:DU:2014:827#43a-43g
W pierwszej kolejności może Pani żądać naprawy albo wymiany (art. 43d ust. 1 ustawy o prawach konsumenta). => pl:DU:2014:827#43d
Nowe przepisy wdrażają dyrektywę (UE) 2019/771 oraz dyrektywę (UE) 2019/770. => eu:32019L0771; eu:32019L0770
Przepisy o rękojmi (art. 556–576 k.c.) stosuje się dziś przede wszystkim w obrocie między przedsiębiorcami. => pl:DU:1964:93#556-576
Wadę fizyczną definiuje art. 556¹ § 1 KC. => pl:DU:1964:93#556^1
Sprzedawca odpowiada za brak zgodności, który istniał w chwili dostarczenia i ujawnił się w ciągu dwóch lat. =>
Gwarancja jest dobrowolna i nie wyłącza uprawnień ustawowych (art. 577 § 1 k.c.). => pl:DU:1964:93#577
Zgłoszenie reklamacyjne nr RMA/2024/11/0087 zostało przyjęte 14 listopada. =>
Zgodnie z pkt 6.3 regulaminu sklepu reklamację rozpatruje się w ciągu 14 dni. =>
Obowiązek podawania najniższej ceny z 30 dni przed obniżką wynika z wdrożenia dyrektywy (UE) 2019/2161. => eu:32019L2161
Prezes UOKiK może nałożyć karę do 10% obrotu za naruszenie zbiorowych interesów konsumentów (art. 106 ust. 1 pkt 4 u.o.k.k.). => pl:DU:2007:331#106
Zakaz praktyk naruszających zbiorowe interesy konsumentów wyraża art. 24 ustawy o ochronie konkurencji i konsumentów. => pl:DU:2007:331#24
Praktykę rynkową wprowadzającą w błąd definiuje art. 5 ustawy z dnia 23 sierpnia 2007 r. o przeciwdziałaniu nieuczciwym praktykom rynkowym (Dz. U. z 2017 r. poz. 2070), wdrażający art. 6 dyrektywy 2005/29/WE. => pl:DU:2017:2070#5; pl:DU:2017:2070; eu:32005L0029#6
Rozporządzenie (WE) nr 261/2004 przyznaje pasażerom odszkodowanie w wysokości 250, 400 albo 600 euro. => eu:32004R0261
Roszczenie o odszkodowanie za odwołany lot wynika z art. 7 ust. 1 rozporządzenia (WE) nr 261/2004. => eu:32004R0261#7
Prawo do odszkodowania za duże opóźnienie TSUE przyznał w sprawach połączonych C-402/07 i C-432/07 Sturgeon. => cjeu:C-402/07; cjeu:C-432/07
Lot LO 281 był opóźniony o 3 godziny i 40 minut. =>
Proszę zachować kartę pokładową i potwierdzenie rezerwacji nr XK7P2M. =>

# ============================================================
# B. Kredyty frankowe i kredyt konsumencki
# ============================================================
Postanowienia umowy kredytu ocenia się przez pryzmat art. 385¹ § 1 i 2 k.c. => pl:DU:1964:93#385^1
Katalog klauzul szarych zawiera art. 385³ k.c. => pl:DU:1964:93#385^3
Skutki abuzywności sąd ocenia z uwzględnieniem art. 6 ust. 1 i art. 7 ust. 1 dyrektywy Rady 93/13/EWG. => eu:31993L0013#6,7
Kluczowe znaczenie ma uchwała pełnego składu Izby Cywilnej SN z dnia 25 kwietnia 2024 r., III CZP 25/22. => pl-case:III CZP 25/22
Wcześniej, w uchwale składu siedmiu sędziów z dnia 7 maja 2021 r., III CZP 6/21, SN przyjął, że niedozwolone postanowienie jest od początku bezskuteczne. => pl-case:III CZP 6/21
TSUE w wyroku z dnia 3 października 2019 r., C-260/18 Dziubak, wykluczył wypełnianie luk w umowie przepisami o charakterze ogólnym. => cjeu:C-260/18
W sprawie C‑520/21 Trybunał odmówił bankowi prawa do wynagrodzenia za korzystanie z kapitału. => cjeu:C-520/21
Por. też wyrok TSUE z 29 kwietnia 2021 r., C–19/20 Bank BPH. => cjeu:C-19/20
Sąd Apelacyjny w Warszawie w wyroku z 14 marca 2023 r., I ACa 812/22, zastosował teorię dwóch kondykcji. => pl-case:I ACa 812/22
Roszczenie o zwrot świadczeń powód wywodzi z art. 405 w zw. z art. 410 § 2 k.c. => pl:DU:1964:93#405,410
Interes prawny w żądaniu ustalenia nieistnienia stosunku prawnego wynika z art. 189 k.p.c. => pl:DU:1964:296#189
Umowa kredytu musi zawierać elementy wskazane w art. 69 ust. 2 Prawa bankowego. => pl:DU:1997:939#69
Wysokość rat kredytobiorca spłacał przez 11 lat, łącznie 412 380,17 zł. =>
Sankcję kredytu darmowego przewiduje art. 45 ust. 1 ustawy z dnia 12 maja 2011 r. o kredycie konsumenckim (Dz. U. z 2023 r. poz. 1028). => pl:DU:2023:1028#45; pl:DU:2023:1028
Obniżenie całkowitego kosztu kredytu przy wcześniejszej spłacie wynika z art. 16 ust. 1 dyrektywy 2008/48/WE, co potwierdził wyrok C-383/18 Lexitor. => eu:32008L0048#16; cjeu:C-383/18
Dyrektywa Parlamentu Europejskiego i Rady (UE) 2023/2225 zastąpi dyrektywę 2008/48/WE z dniem 20 listopada 2026 r. => eu:32023L2225; eu:32008L0048
Odpowiedź na pytanie 3: nie, zawarcie ugody z bankiem nie jest obowiązkowe. =>
Bank zaproponował ugodę z oprocentowaniem WIBOR 3M powiększonym o marżę 1,9 p.p. =>

# ============================================================
# C. Przedawnienie, odsetki, odszkodowania
# ============================================================
Termin przedawnienia wynosi sześć lat, a dla świadczeń okresowych trzy lata (art. 118 zd. 1 k.c.). => pl:DU:1964:93#118
Wobec konsumenta sąd może wyjątkowo nie uwzględnić upływu terminu przedawnienia (art. 117¹ § 1 k.c.). => pl:DU:1964:93#117^1
Odsetki maksymalne za opóźnienie określa art. 481 § 2¹ k.c. => pl:DU:1964:93#481
Bieg przedawnienia przerywa czynność przed sądem przedsięwzięta bezpośrednio w celu dochodzenia roszczenia (art. 123 § 1 pkt 1 Kodeksu cywilnego). => pl:DU:1964:93#123
Odsetki w transakcjach handlowych przysługują na podstawie art. 7 ust. 1 ustawy z dnia 8 marca 2013 r. o przeciwdziałaniu nadmiernym opóźnieniom w transakcjach handlowych (Dz. U. z 2023 r. poz. 1790). => pl:DU:2023:1790#7; pl:DU:2023:1790
Ustawa ta wdraża dyrektywę 2011/7/UE w sprawie zwalczania opóźnień w płatnościach. => eu:32011L0007
Rekompensata za koszty odzyskiwania należności wynosi równowartość 40, 70 albo 100 euro. =>
Zadośćuczynienie za naruszenie dóbr osobistych przysługuje na podstawie art. 23 i 24 k.c. w zw. z art. 448 k.c. => pl:DU:1964:93#23,24; pl:DU:1964:93#448
Kontrahent może zmienić umowę na podstawie art. 357¹ k.c. tylko w razie nadzwyczajnej zmiany stosunków. => pl:DU:1964:93#357^1
Swoboda umów doznaje ograniczeń wskazanych w art. 58 § 1 i art. 353¹ KC. => pl:DU:1964:93#58,353^1
Kara umowna wynosi 0,2% wynagrodzenia brutto za każdy dzień zwłoki. =>
Inwestor odpowiada solidarnie wobec podwykonawcy na zasadach art. 647¹ § 5 k.c. => pl:DU:1964:93#647^1
Forma elektroniczna jest równoważna formie pisemnej (art. 78¹ § 2 k.c.). => pl:DU:1964:93#78^1
Kwalifikowany podpis elektroniczny ma skutek prawny równoważny podpisowi własnoręcznemu (art. 25 ust. 2 eIDAS). => eu:32014R0910#25
Wartość przedmiotu sporu wynosi 75 000 zł, a opłata stosunkowa – 5% tej kwoty. =>

# ============================================================
# D. Prawo pracy – porady
# ============================================================
Pracodawca musi wskazać przyczynę wypowiedzenia umowy zawartej na czas nieokreślony (art. 30 § 4 k.p.). => pl:DU:1974:141#30
Odwołanie do sądu pracy wnosi się w terminie 21 dni od doręczenia pisma (art. 264 § 1 KP). => pl:DU:1974:141#264
Sąd może orzec o przywróceniu do pracy albo o odszkodowaniu (art. 45 § 1 i art. 47¹ k.p.). => pl:DU:1974:141#45,47^1
Ochrona przedemerytalna wynika z art. 39 Kodeksu pracy. => pl:DU:1974:141#39
Rozwiązanie umowy bez wypowiedzenia z winy pracownika jest dopuszczalne tylko w ciągu miesiąca od uzyskania wiadomości o przyczynie (art. 52 § 2 k.p.). => pl:DU:1974:141#52
Lista kontrolna dla pracodawcy: =>
1. Sprawdź, czy pracownik nie przebywa na zwolnieniu lekarskim. =>
2. Zawiadom zakładową organizację związkową o zamiarze wypowiedzenia (art. 38 § 1 k.p.). => pl:DU:1974:141#38
3. Doręcz oświadczenie osobiście, najlepiej w obecności drugiego pracownika. =>
4. Wydaj świadectwo pracy w dniu ustania stosunku pracy (art. 97 § 1 k.p.). => pl:DU:1974:141#97
5. Zarchiwizuj dokumenty w części C akt osobowych. =>
Przy zwolnieniach grupowych odprawę ustala się według art. 8 ust. 1 ustawy z dnia 13 marca 2003 r. o szczególnych zasadach rozwiązywania z pracownikami stosunków pracy z przyczyn niedotyczących pracowników (Dz. U. z 2018 r. poz. 1969). => pl:DU:2018:1969#8; pl:DU:2018:1969
Ustawa ta wdraża dyrektywę Rady 98/59/WE dotyczącą zwolnień grupowych. => eu:31998L0059
Odprawa nie może przekroczyć piętnastokrotności minimalnego wynagrodzenia za pracę. =>
Definicję mobbingu zawiera art. 94³ § 2 k.p. => pl:DU:1974:141#94^3
Monitoring wizyjny dopuszcza art. 22² k.p., a kontrolę służbowej poczty elektronicznej – art. 22³ k.p. => pl:DU:1974:141#22^2; pl:DU:1974:141#22^3
Zakres danych, których pracodawca może żądać od kandydata, określa art. 22¹ § 1 pkt 1–6 k.p. => pl:DU:1974:141#22^1
Praca zdalna okazjonalna nie może przekraczać 24 dni w roku kalendarzowym (art. 67³³ § 1 k.p.). => pl:DU:1974:141#67^33
Zasady pracy zdalnej uregulowano w art. 67¹⁸–67³⁴ Kodeksu pracy. => pl:DU:1974:141#67^18-67^34
Łączny okres zatrudnienia na umowach na czas określony nie może przekraczać 33 miesięcy (art. 25¹ § 1 k.p.). => pl:DU:1974:141#25^1
Limit ten wdraża dyrektywę Rady 1999/70/WE. => eu:31999L0070
Za pracę w godzinach nadliczbowych przysługuje dodatek 50% albo 100% wynagrodzenia (art. 151¹ § 1 k.p.). => pl:DU:1974:141#151^1
Zakaz konkurencji po ustaniu zatrudnienia wymaga odrębnej umowy i odszkodowania (art. 101² k.p.). => pl:DU:1974:141#101^2
Odszkodowanie za naruszenie zasady równego traktowania reguluje art. 183d k.p. => pl:DU:1974:141#183d
Wymiar urlopu i jego nieprzerwany charakter: art. 154 i 162 k.p. => pl:DU:1974:141#154,162
Uporczywe naruszanie praw pracownika może stanowić przestępstwo z art. 218 § 1a k.k. => pl:DU:1997:553#218
Pracownik przepracował u pracodawcy 12 lat i 7 miesięcy. =>
Wynagrodzenie zasadnicze powódki wynosiło 8 450,00 zł brutto miesięcznie. =>
Stawka godzinowa na umowie zlecenia wynosi 28,10 zł brutto. =>
Szkolenie BHP trzeba przeprowadzić przed dopuszczeniem pracownika do pracy. =>
Pracownik zrezygnował z dokonywania wpłat do PPK. =>
Minimalne wynagrodzenie na 2024 r. ustalono rozporządzeniem Rady Ministrów z dnia 14 września 2023 r. (Dz. U. z 2023 r. poz. 1893). => pl:DU:2023:1893
Dokumentację pracowniczą prowadzi się zgodnie z rozporządzeniem Ministra Rodziny, Pracy i Polityki Społecznej z dnia 10 grudnia 2018 r. w sprawie dokumentacji pracowniczej (Dz. U. z 2018 r. poz. 2369). => pl:DU:2018:2369
Przepisy ustawy – Kodeks pracy (t.j. Dz. U. z 2023 r. poz. 1465 oraz z 2024 r. poz. 878) stosuje się w brzmieniu z dnia rozwiązania umowy. => pl:DU:2023:1465; pl:DU:2024:878
Mobbing oceniono na podstawie art. 94³ ustawy z dnia 26 czerwca 1974 r. – Kodeks pracy (Dz. U. z 2022 r. poz. 1510). => pl:DU:1974:141#94^3; pl:DU:2022:1510
Sąd Najwyższy w wyroku z dnia 9 lutego 2022 r., II PSKP 87/21, przypomniał, że przyczyna wypowiedzenia musi być konkretna i rzeczywista. => pl-case:II PSKP 87/21
Sąd Rejonowy dla Warszawy-Śródmieścia w sprawie VII P 312/21 przyznał powódce odszkodowanie w wysokości trzymiesięcznego wynagrodzenia. => pl-case:VII P 312/21
Sąd Okręgowy w Krakowie, oddalając apelację w sprawie IV Pa 56/22, podzielił ustalenia sądu pierwszej instancji. => pl-case:IV Pa 56/22
Sprawa o ustalenie podlegania ubezpieczeniu toczy się pod sygn. VII U 1123/20. => pl-case:VII U 1123/20
Sąd Apelacyjny w Lublinie (III APa 14/21) uznał zarzuty apelacji za chybione. => pl-case:III APa 14/21
Procedurę zgłoszeń wewnętrznych ustala się na podstawie art. 24 ust. 1 ustawy z dnia 14 czerwca 2024 r. o ochronie sygnalistów (Dz. U. z 2024 r. poz. 928). => pl:DU:2024:928#24; pl:DU:2024:928
Procedura musi spełniać wymogi art. 9 dyrektywy Parlamentu Europejskiego i Rady (UE) 2019/1937. => eu:32019L1937#9
Regulamin pracy wprowadzono zarządzeniem nr 7/2024 prezesa zarządu. =>
Zgodnie z § 12 ust. 3 regulaminu pracy czas pracy rozpoczyna się o godz. 8:00. =>
Pracodawca zatrudnia 250 osób, w tym 40 na umowach na czas określony. =>

# ============================================================
# E. Employment law (English)
# ============================================================
Key points for the client =>
- Notice periods of two weeks, one month or three months follow from Article 36 § 1 of the Labour Code. => pl:DU:1974:141#36
- Summary dismissal for a grave breach of basic duties is governed by Article 52 § 1 item 1 of the Labor Code. => pl:DU:1974:141#52
- Pregnant employees enjoy special protection under Article 177 § 1 of the Polish Labour Code. => pl:DU:1974:141#177
- Civil-law contracts (umowy zlecenia) are not subject to the 33-month limit. =>
- The employer should document the consultation with the trade union. =>
The Working Time Directive, Directive 2003/88/EC, guarantees at least four weeks of paid annual leave. => eu:32003L0088
Poland transposed Directive (EU) 2019/1152 and Directive (EU) 2019/1158 by amending the Labour Code in 2023. => eu:32019L1152; eu:32019L1158
In C-55/18 CCOO the Court held that employers must set up a system for recording daily working time. => cjeu:C-55/18
In joined cases C-569/16 and C-570/16 Bauer the Court confirmed that the allowance in lieu of leave passes to the heirs. => cjeu:C-569/16; cjeu:C-570/16
C-16/19 concerned a Polish hospital that paid an allowance only to some of its disabled staff. => cjeu:C-16/19
The Pay Transparency Directive, Directive (EU) 2023/970, must be transposed by 7 June 2026. => eu:32023L0970
Temporary agency work is governed by a separate statute (Dz.U. 2023 poz. 1110) implementing Directive 2008/104/EC. => pl:DU:2023:1110; eu:32008L0104
Article 18 of Council Directive 2000/78/EC set the original transposition deadline. => eu:32000L0078#18
See also the Supreme Court judgment of 3 June 2021, I PSKP 21/21, on the burden of proving the reason for dismissal. => pl-case:I PSKP 21/21
Severance pay in collective redundancies ranges from one to three months' salary. =>
The employee's monthly gross salary was PLN 9,800. =>
The works council consists of 7 members elected for a four-year term. =>
Please send us the signed NDA and the updated SLA by Friday. =>

# ============================================================
# F. RODO – memo dla klienta
# ============================================================
Memo: zgodność z RODO w procesie rekrutacji => eu:32016R0679
Podstawą przetwarzania danych kandydata w zakresie z art. 22¹ k.p. jest art. 6 ust. 1 lit. c RODO. => pl:DU:1974:141#22^1; eu:32016R0679#6
Zgoda kandydata na przetwarzanie dodatkowych danych musi spełniać wymogi z art. 4 pkt 11 i art. 7 RODO. => eu:32016R0679#4,7
Dane szczególnych kategorii można przetwarzać tylko w przypadkach z art. 9 ust. 2 RODO. => eu:32016R0679#9
Prezes UODO nałożył karę na podstawie art. 83 ust. 4 lit. a RODO w zw. z art. 102 ust. 1 u.o.d.o. => eu:32016R0679#83; pl:DU:2018:1000#102
Administrator wyznacza inspektora ochrony danych w przypadkach z art. 37 ust. 1 lit. a–c RODO. => eu:32016R0679#37
Obowiązek zawiadomienia Prezesa UODO o wyznaczeniu IOD wynika z art. 10 ust. 1 ustawy z dnia 10 maja 2018 r. o ochronie danych osobowych (Dz. U. z 2019 r. poz. 1781). => pl:DU:2018:1000#10; pl:DU:2019:1781
W klauzuli informacyjnej należy wskazać okres przechowywania danych (art. 13 ust. 2 lit. a RODO). => eu:32016R0679#13
Zasadę rozliczalności wyraża art. 5 ust. 2 RODO. => eu:32016R0679#5
Prawa osoby, której dane dotyczą, opisują art. 12–22 RODO. => eu:32016R0679#12-22
Umowę powierzenia zawiera się zgodnie z art. 28 ust. 3 rozporządzenia 2016/679. => eu:32016R0679#28
Transfer danych do dostawcy w Indiach wymaga standardowych klauzul umownych przyjętych decyzją wykonawczą Komisji (UE) 2021/914. => eu:32021D0914
rozporządzenie Parlamentu Europejskiego i Rady (UE) 2016/679 z dnia 27 kwietnia 2016 r. w sprawie ochrony osób fizycznych w związku z przetwarzaniem danych osobowych i w sprawie swobodnego przepływu takich danych oraz uchylenia dyrektywy 95/46/WE (Dz. Urz. UE L 119 z 4.5.2016, s. 1) => eu:32016R0679; eu:31995L0046
Przetwarzanie przez organy ścigania podlega dyrektywie Parlamentu Europejskiego i Rady (UE) 2016/680. => eu:32016L0680
WSA w Warszawie w wyroku z dnia 10 lutego 2021 r., II SA/Wa 2378/20, oddalił skargę spółki na decyzję Prezesa UODO. => pl-case:II SA/Wa 2378/20
NSA rozpoznał skargę kasacyjną w tej sprawie pod sygn. III OSK 2778/21. => pl-case:III OSK 2778/21
Rekomendowane działania: =>
a) aktualizacja rejestru czynności przetwarzania, =>
b) przegląd umów z podmiotami przetwarzającymi, =>
c) przeprowadzenie oceny skutków (DPIA) dla systemu monitoringu wizyjnego. =>
Inspektor ochrony danych powinien raportować bezpośrednio najwyższemu kierownictwu. =>
Naruszenie zgłoszono organowi nadzorczemu po 70 godzinach od jego stwierdzenia. =>
Załącznik nr 3 do umowy zawiera wykaz dalszych podmiotów przetwarzających. =>
Zgodnie z pkt 12 polityki prywatności dane są przechowywane przez 3 lata. =>
Prezes UODO może nałożyć karę także na podmiot publiczny, choć w niższej wysokości. =>
Art. 6 ust. 1 lit. f RODO (Dz.Urz.UE.L.2016.119.1) – prawnie uzasadniony interes administratora. => eu:32016R0679#6

# ============================================================
# G. GDPR compliance memo (English)
# ============================================================
GDPR compliance memo: marketing database => eu:32016R0679
1. Lawful basis: the client may rely on Article 6(1)(f) GDPR for processing business contact data, subject to a documented balancing test. => eu:32016R0679#6
2. Information duties under Articles 13 and 14 GDPR must be met no later than at the first communication. => eu:32016R0679#13,14
3. Data subjects may object to direct marketing at any time (Article 21(2) GDPR). => eu:32016R0679#21
4. The record of processing activities required by Article 30 GDPR should list the CRM system. => eu:32016R0679#30
5. Retention: delete inactive contacts after 24 months. =>
Marketing e-mails additionally require prior consent under art. 398 ust. 1 ustawy z dnia 12 lipca 2024 r. – Prawo komunikacji elektronicznej (Dz. U. z 2024 r. poz. 1221). => pl:DU:2024:1221#398; pl:DU:2024:1221
The ePrivacy Directive (Directive 2002/58/EC) still governs cookies alongside the GDPR. => eu:32002L0058; eu:32016R0679
Pre-ticked boxes do not constitute valid consent: C-673/17 Planet49, ECLI:EU:C:2019:801. => cjeu:C-673/17; ecli:ECLI:EU:C:2019:801
A website operator embedding a social plug-in may be a joint controller (C-40/17 Fashion ID). => cjeu:C-40/17
Joint controllers must conclude an arrangement under Article 26 GDPR. => eu:32016R0679#26
Processors must be engaged under a contract that meets Article 28(3) GDPR. => eu:32016R0679#28
International transfers =>
- Transfers to certified US organisations may rely on Commission Implementing Decision (EU) 2023/1795. => eu:32023D1795
- The former standard contractual clauses in Decision 2010/87/EU can no longer be used. => eu:32010D0087
- The Privacy Shield decision, Implementing Decision (EU) 2016/1250, was invalidated in C-311/18, ECLI:EU:C:2020:559. => eu:32016D1250; cjeu:C-311/18; ecli:ECLI:EU:C:2020:559
- Safe Harbour (Commission Decision 2000/520/EC) fell in C-362/14 Schrems. => eu:32000D0520; cjeu:C-362/14
- The derogations in Article 49 GDPR are to be interpreted restrictively. => eu:32016R0679#49
- Every transfer should be supported by a TIA and supplementary measures where needed. =>
Breach response =>
- Notify the supervisory authority within 72 hours (Article 33(1) GDPR). => eu:32016R0679#33
- Inform the affected individuals where the risk is high (Article 34 GDPR). => eu:32016R0679#34
- Step 3: document the incident in the internal breach log. =>
In C-300/21 Österreichische Post the Court held that a mere infringement does not give rise to compensation, without any de minimis threshold. => cjeu:C-300/21
Fear of possible misuse of data after a cyberattack can itself amount to non-material damage (C-340/21). => cjeu:C-340/21
Article 83(5) GDPR caps fines at EUR 20 million or 4% of worldwide annual turnover, whichever is higher. => eu:32016R0679#83
Polish public bodies face a much lower cap under Article 102 of the Personal Data Protection Act. => pl:DU:2018:1000#102
A fine may be imposed on a legal person without first identifying a specific individual (C-807/21 Deutsche Wohnen). => cjeu:C-807/21
Credit scoring may amount to automated decision-making under Article 22 GDPR (C-634/21 SCHUFA, ECLI:EU:C:2023:957). => eu:32016R0679#22; cjeu:C-634/21; ecli:ECLI:EU:C:2023:957
In C-252/21 Meta Platforms the Court allowed a competition authority to examine compliance with data protection rules. => cjeu:C-252/21
The right to a copy under Article 15(3) GDPR may cover extracts from documents (C-487/21). => eu:32016R0679#15; cjeu:C-487/21
The right to erasure in Article 17 of Regulation (EU) 2016/679 builds on C-131/12 Google Spain, ECLI:EU:C:2014:317. => eu:32016R0679#17; cjeu:C-131/12; ecli:ECLI:EU:C:2014:317
The administrator of a fan page is a joint controller (C‑210/16 Wirtschaftsakademie, ECLI:EU:C:2018:388). => cjeu:C-210/16; ecli:ECLI:EU:C:2018:388
EU institutions are subject to Regulation (EU) 2018/1725 rather than the general regime. => eu:32018R1725
A DSAR must generally be answered within one month of receipt. =>
The DPO should be consulted on every DPIA. =>
The controller relies on SCCs supplemented by a transfer risk assessment for its Indian vendor. =>
The client operates a B2C marketplace with about 2 million monthly users. =>
Section 3.4 of the DPA requires the processor to notify incidents within 24 hours. =>
AI tools can produce inaccurate answers, so outputs must be reviewed by a human. =>

# ============================================================
# H. Interpretacje podatkowe
# ============================================================
Interpretacja indywidualna – opis stanu faktycznego =>
Wnioskodawca wystąpił o wydanie interpretacji na podstawie art. 14b § 1 Ordynacji podatkowej. => pl:DU:1997:926#14b
Zgodnie z art. 15 ust. 1 ustawy z dnia 15 lutego 1992 r. o podatku dochodowym od osób prawnych (Dz. U. z 2023 r. poz. 2805 ze zm.) kosztami są wydatki poniesione w celu osiągnięcia przychodów. => pl:DU:1992:86#15; pl:DU:2023:2805
Wydatki te nie zostały wymienione w katalogu z art. 16 ust. 1 u.p.d.o.p. => pl:DU:1992:86#16
W latach 2018–2022 koszty usług niematerialnych od podmiotów powiązanych ograniczał art. 15e ust. 1 pkt 1 ustawy o CIT. => pl:DU:1992:86#15e
Płatnik pobiera zryczałtowany podatek u źródła zgodnie z art. 26 ust. 1 u.p.d.o.p. => pl:DU:1992:86#26
Prawo do odliczenia przysługuje w zakresie, w jakim towary i usługi służą czynnościom opodatkowanym (art. 86 ust. 1 ustawy o VAT). => pl:DU:2004:535#86
Faktury dokumentujące czynności, które nie zostały dokonane, nie dają prawa do odliczenia (art. 88 ust. 3a pkt 4 lit. a u.p.t.u.). => pl:DU:2004:535#88
Przepisy te wdrażają art. 168 lit. a dyrektywy Rady 2006/112/WE. => eu:32006L0112#168
Miejsce świadczenia usług na rzecz podatnika ustala się zgodnie z art. 28b ustawy z dnia 11 marca 2004 r. o podatku od towarów i usług (Dz. U. z 2024 r. poz. 361). => pl:DU:2004:535#28b; pl:DU:2024:361
Zwolnienie dostawy budynków przewiduje art. 43 ust. 1 pkt 10 i 10a u.p.t.u. => pl:DU:2004:535#43
Elementy faktury wymienia art. 106e ust. 1 UPTU. => pl:DU:2004:535#106e
Ocena stanowiska: stanowisko Wnioskodawcy jest prawidłowe. =>
Organ jest związany zasadą legalizmu wyrażoną w art. 120 o.p. => pl:DU:1997:926#120
Zobowiązanie podatkowe przedawnia się z upływem 5 lat od końca roku, w którym upłynął termin płatności (art. 70 § 1 Ordynacji podatkowej). => pl:DU:1997:926#70
Klauzulę przeciwko unikaniu opodatkowania zawiera art. 119a § 1 o.p. => pl:DU:1997:926#119a
Ochronę wynikającą z zastosowania się do interpretacji przewidują art. 14k–14m o.p. => pl:DU:1997:926#14k-14m
WSA w Gliwicach (I SA/Gl 1234/21) uchylił interpretację z powodu naruszenia art. 14c § 2 o.p. => pl-case:I SA/Gl 1234/21; pl:DU:1997:926#14c
NSA w wyroku z dnia 24 czerwca 2021 r., II FSK 3442/18, podzielił stanowisko podatnika. => pl-case:II FSK 3442/18
Wyrok WSA w Poznaniu z 17 maja 2023 r., I SA/Po 118/23, dotyczył zwolnienia z podatku od nieruchomości. => pl-case:I SA/Po 118/23
Pracownik-twórca może stosować 50% koszty uzyskania przychodów na podstawie art. 22 ust. 9 pkt 3 ustawy o PIT. => pl:DU:1991:350#22
Limit tych kosztów wynosi 120 000 zł w roku podatkowym. =>
Przychód ze stosunku pracy definiuje art. 12 ust. 1 u.p.d.o.f. => pl:DU:1991:350#12
Ulga dla młodych wynika z art. 21 ust. 1 pkt 148 ustawy o podatku dochodowym od osób fizycznych. => pl:DU:1991:350#21
Przedsiębiorca może wybrać podatek liniowy z art. 30c u.p.d.o.f. => pl:DU:1991:350#30c
Niezłożenie deklaracji może stanowić czyn z art. 56 § 4 k.k.s. => pl:DU:1999:930#56
Czynny żal uregulowano w art. 16 Kodeksu karnego skarbowego. => pl:DU:1999:930#16
Stawka PCC przy sprzedaży nieruchomości wynosi 2% (art. 7 ust. 1 pkt 1 lit. a ustawy z dnia 9 września 2000 r. o podatku od czynności cywilnoprawnych (Dz. U. z 2024 r. poz. 295)). => pl:DU:2024:295#7; pl:DU:2024:295
Zasada wyłączności ustawy w sprawach podatkowych wynika z art. 217 Konstytucji. => pl:DU:1997:483#217
Plik JPK_VAT z deklaracją przesyła się do 25. dnia miesiąca następującego po okresie rozliczeniowym. =>
Formularz PIT-37 złożono w terminie, a korektę – 2 tygodnie później. =>
Spółka złożyła zeznanie CIT-8 za rok podatkowy 2023. =>
Faktury ustrukturyzowane będą wystawiane w KSeF. =>
Przedmiotem dostawy były towary klasyfikowane do pozycji 8471 Nomenklatury Scalonej. =>
Usługi sklasyfikowano w grupowaniu PKWiU 62.01.11.0. =>
Wniosek o interpretację opłacono kwotą 40 zł za każdy opisany stan faktyczny. =>

# ============================================================
# I. Tax commentary (English)
# ============================================================
The Polish GAAR in Article 119a of the Tax Ordinance mirrors Article 6 of Council Directive (EU) 2016/1164. => pl:DU:1997:926#119a; eu:32016L1164#6
Mandatory disclosure rules implement Council Directive (EU) 2018/822 amending Directive 2011/16/EU. => eu:32018L0822; eu:32011L0016
The dividend exemption in Article 22(4) of the Corporate Income Tax Act implements Council Directive 2011/96/EU. => pl:DU:1992:86#22; eu:32011L0096
The exemption for interest and royalties in Article 21(3) of the Corporate Income Tax Act reflects Council Directive 2003/49/EC. => pl:DU:1992:86#21; eu:32003L0049
On beneficial ownership see the Danish cases, joined cases C‑115/16, C‑118/16, C‑119/16 and C‑299/16 N Luxembourg 1. => cjeu:C-115/16; cjeu:C-118/16; cjeu:C-119/16; cjeu:C-299/16
The same reasoning was applied to dividends in joined cases C-116/16 and C-117/16 T Danmark. => cjeu:C-116/16; cjeu:C-117/16
Article 113 of the VAT Act sets the small business exemption threshold at PLN 200,000. => pl:DU:2004:535#113
The abuse-of-rights doctrine in VAT originates from C-255/02 Halifax. => cjeu:C-255/02
Place of supply is determined under Article 44 of Directive 2006/112/EC and Article 10 of Council Implementing Regulation (EU) No 282/2011. => eu:32006L0112#44; eu:32011R0282#10
Controlled foreign company rules must respect the limits set in C-196/04 Cadbury Schweppes. => cjeu:C-196/04
Cross-border loss relief was addressed in C-446/03 Marks & Spencer. => cjeu:C-446/03
Council Directive (EU) 2022/2523 introduced a global minimum tax of 15% for large groups. => eu:32022L2523
The company's share capital amounts to PLN 5,000. =>
Penalty interest accrued at an annual rate of 14.5%. =>
The tax audit lasted from 3 April to 28 June 2024. =>

# ============================================================
# J. Uzasadnienia wyroków – sprawy cywilne
# ============================================================
Sąd Okręgowy w Gdańsku, I Wydział Cywilny, w składzie: Przewodniczący – Sędzia SO Anna Kowalska =>
Protokolant: stażysta Jan Nowak =>
po rozpoznaniu w dniu 5 marca 2024 r. w Gdańsku na rozprawie sprawy z powództwa Adama Wiśniewskiego przeciwko Beta sp. z o.o. o zapłatę =>
I. zasądza od pozwanej na rzecz powoda kwotę 48 200 zł wraz z ustawowymi odsetkami za opóźnienie od dnia 1 lipca 2022 r. do dnia zapłaty; =>
II. w pozostałym zakresie powództwo oddala; =>
III. kosztami procesu obciąża pozwaną w całości. =>
Uzasadnienie =>
Sąd Okręgowy zważył, co następuje. =>
Stan faktyczny sąd ustalił na podstawie dokumentów, których autentyczności strony nie kwestionowały. =>
Zgodnie z art. 233 § 1 k.p.c. sąd ocenia wiarygodność i moc dowodów według własnego przekonania. => pl:DU:1964:296#233
Wniosek o dopuszczenie dowodu z opinii biegłego sąd pominął na podstawie art. 235² § 1 pkt 2 k.p.c. => pl:DU:1964:296#235^2
Uzasadnienie ograniczono do wyjaśnienia podstawy faktycznej i prawnej wyroku (art. 327¹ § 1 k.p.c.). => pl:DU:1964:296#327^1
W ocenie sądu pozwana nie wykazała, że niewykonanie zobowiązania było następstwem okoliczności, za które nie odpowiada (art. 471 k.c.). => pl:DU:1964:93#471
Odsetki zasądzono od dnia następującego po upływie terminu z wezwania do zapłaty (art. 455 i 481 § 1 k.c.). => pl:DU:1964:93#455,481
Zadośćuczynienie przyznano na podstawie art. 445 § 1 w zw. z art. 444 § 1 k.c. => pl:DU:1964:93#445,444
Przy ustalaniu jego wysokości sąd uwzględnił wyrok SN z dnia 10 marca 2016 r., III CSK 166/15, LEX nr 2057611. => pl-case:III CSK 166/15
Zarzut naruszenia art. 5 k.c. nie mógł odnieść skutku, gdyż powód korzystał ze swego prawa zgodnie z jego przeznaczeniem. => pl:DU:1964:93#5
Sąd rozważył, czy kara umowna nie była rażąco wygórowana w rozumieniu art. 484 § 2 k.c. => pl:DU:1964:93#484
Pozwana skutecznie podniosła zarzut potrącenia (art. 498 § 1 KC). => pl:DU:1964:93#498
Skargę pauliańską powód oparł na art. 527 § 1 k.c. i art. 531 § 1 k.c. => pl:DU:1964:93#527; pl:DU:1964:93#531
O kosztach orzeczono zgodnie z zasadą odpowiedzialności za wynik sprawy (art. 98 § 1 i 3 k.p.c.). => pl:DU:1964:296#98
Koszty stosunkowo rozdzielono na podstawie art. 100 zd. 1 k.p.c. => pl:DU:1964:296#100
Apelacja jako bezzasadna podlegała oddaleniu na podstawie art. 385 k.p.c. => pl:DU:1964:296#385
Sąd odwoławczy ma obowiązek samodzielnie ocenić materiał dowodowy (uchwała składu siedmiu sędziów SN z dnia 23 marca 1999 r., III CZP 59/98). => pl-case:III CZP 59/98
Skargę kasacyjną przyjęto do rozpoznania na podstawie art. 398⁹ § 1 pkt 1 k.p.c. => pl:DU:1964:296#398^9
Sprawy z zakresu ubezpieczeń społecznych rozpoznaje się według art. 477¹⁴ § 1 k.p.c. => pl:DU:1964:296#477^14
Wyrok Sądu Rejonowego dla Krakowa-Podgórza z dnia 12 października 2022 r., sygn. akt I C 1456/21. => pl-case:I C 1456/21
Sąd Okręgowy w Warszawie, XXV Wydział Cywilny, sygn. akt XXV C 2034/20. => pl-case:XXV C 2034/20
Postanowienie Sądu Okręgowego w Łodzi z 9 maja 2023 r., III Ca 1187/22, oddalające apelację uczestnika. => pl-case:III Ca 1187/22
Sąd Rejonowy stwierdził nabycie spadku w sprawie I Ns 415/20. => pl-case:I Ns 415/20
Rozprawa odbędzie się w sali nr 214 na drugim piętrze. =>
Sąd zarządził przerwę do godz. 13:30. =>
Przesyłkę awizowano dwukrotnie: 3 i 10 czerwca 2024 r. =>
Wniosek o sprostowanie protokołu wpłynął 2 dni po rozprawie. =>
Spadkobiercy nabyli udziały wynoszące odpowiednio 1/2, 1/4 i 1/4 w prawie własności. =>
Uchwała wymaga większości 3/4 głosów oddanych. =>
Lokal nr 16 przy ul. Długiej 93 zajmuje najemca od 2019 r. =>
Pozycja 1610 listy wierzytelności dotyczy należności z tytułu dostaw. =>
Na liście obecności pod poz. 141 widnieje podpis świadka. =>
Mieszkanie o powierzchni 48,5 m² położone jest na IV piętrze. =>

# ============================================================
# K. Uzasadnienia – sprawy karne, administracyjne, konstytucyjne
# ============================================================
Czyn oskarżonego wyczerpał znamiona przestępstwa z art. 286 § 1 k.k. w zw. z art. 12 § 1 k.k. => pl:DU:1997:553#286; pl:DU:1997:553#12
Sąd wymierzył karę ograniczenia wolności na podstawie art. 37a § 1 k.k. => pl:DU:1997:553#37a
Wykonanie kary warunkowo zawieszono (art. 69 § 1 i 2 Kodeksu karnego). => pl:DU:1997:553#69
Zasada in dubio pro reo wyrażona jest w art. 5 § 2 k.p.k. => pl:DU:1997:555#5
Obrońca zarzucił rażącą niewspółmierność kary (art. 438 pkt 4 k.p.k.). => pl:DU:1997:555#438
Prokurator złożył wniosek w trybie art. 335 § 1 k.p.k. => pl:DU:1997:555#335
Postanowieniem z dnia 14 kwietnia 2021 r., V KK 98/21, SN oddalił kasację jako oczywiście bezzasadną. => pl-case:V KK 98/21
Sąd Apelacyjny we Wrocławiu w sprawie II AKa 245/20 utrzymał wyrok w mocy. => pl-case:II AKa 245/20
Sąd Rejonowy w Poznaniu, sygn. II K 345/22, umorzył postępowanie. => pl-case:II K 345/22
O warunkowym przedterminowym zwolnieniu orzeka się według art. 77 § 1 k.k. oraz art. 159 k.k.w. => pl:DU:1997:553#77; pl:DU:1997:557#159
Drobna kradzież stanowi wykroczenie z art. 119 § 1 k.w. => pl:DU:1971:114#119
Wojewódzki Sąd Administracyjny w Warszawie zważył, co następuje: =>
Skarga zasługuje na uwzględnienie, gdyż organ naruszył art. 7, 77 § 1 i 80 k.p.a. => pl:DU:1960:168#7,77,80
Decyzja nie zawiera uzasadnienia spełniającego wymogi art. 107 § 3 KPA. => pl:DU:1960:168#107
Obowiązek załatwienia sprawy bez zbędnej zwłoki wynika z art. 35 § 1 k.p.a. => pl:DU:1960:168#35
Sąd uchylił zaskarżoną decyzję na podstawie art. 145 § 1 pkt 1 lit. a i c p.p.s.a. => pl:DU:2002:1270#145
O kosztach orzeczono na podstawie art. 200 i art. 205 § 2 p.p.s.a. => pl:DU:2002:1270#200,205
Skargę oddalono na podstawie art. 151 ustawy – Prawo o postępowaniu przed sądami administracyjnymi. => pl:DU:2002:1270#151
Organ nadzoru budowlanego wszczął postępowanie legalizacyjne na podstawie art. 48 ust. 1 Prawa budowlanego. => pl:DU:1994:414#48
Roboty wymagały co najmniej zgłoszenia (art. 30 ust. 1 pr. bud.). => pl:DU:1994:414#30
Wyrok WSA w Krakowie z dnia 8 listopada 2022 r., II SA/Kr 987/22. => pl-case:II SA/Kr 987/22
NSA w wyroku z dnia 15 września 2020 r., I OSK 2146/19, podzielił ocenę sądu pierwszej instancji. => pl-case:I OSK 2146/19
Gminie przysługuje prawo pierwokupu na zasadach art. 109 ust. 1 ustawy o gospodarce nieruchomościami. => pl:DU:1997:741#109
Trybunał Konstytucyjny w wyroku z dnia 22 października 2020 r., K 1/20, orzekł o niekonstytucyjności zaskarżonego przepisu. => pl-case:K 1/20
W wyroku z dnia 14 lipca 2021 r., P 7/20, Trybunał odniósł się do środków tymczasowych stosowanych przez TSUE. => pl-case:P 7/20
Por. również wyrok TK z 7 października 2021 r., K 3/21. => pl-case:K 3/21
Prezydent skierował ustawę do Trybunału w trybie kontroli prewencyjnej (sprawa Kp 1/17). => pl-case:Kp 1/17
Skargę konstytucyjną zarejestrowano pod sygn. SK 31/19. => pl-case:SK 31/19
Zasada zaufania obywatela do państwa wywodzona jest z art. 2 Konstytucji RP. => pl:DU:1997:483#2
Ograniczenia praw i wolności muszą spełniać test z art. 31 ust. 3 Konstytucji. => pl:DU:1997:483#31
Prawo do sądu gwarantuje art. 45 ust. 1 Konstytucji Rzeczypospolitej Polskiej. => pl:DU:1997:483#45
W wyroku w sprawach połączonych C‑585/18, C‑624/18 i C‑625/18 A.K. TSUE wskazał kryteria oceny niezależności sądu. => cjeu:C-585/18; cjeu:C-624/18; cjeu:C-625/18
Por. także wyrok z 2 marca 2021 r., C-824/18 A.B. i in. => cjeu:C-824/18
Przewinienia dyscyplinarne sędziów rozpoznaje się według art. 107 § 1 Prawa o ustroju sądów powszechnych. => pl:DU:2001:1070#107
Rozdział IV opracowania omawia postępowanie zabezpieczające. =>
W dziale III umowy strony uregulowały kary umowne. =>

# ============================================================
# L. Prawo spółek, upadłość, nieruchomości, rodzina, spadki
# ============================================================
Członkowie zarządu odpowiadają solidarnie za zobowiązania spółki, jeżeli egzekucja okaże się bezskuteczna (art. 299 § 1 k.s.h.). => pl:DU:2000:1037#299
W umowie z członkiem zarządu spółkę reprezentuje rada nadzorcza lub pełnomocnik powołany uchwałą wspólników (art. 210 § 1 KSH). => pl:DU:2000:1037#210
Od 13 października 2022 r. obowiązują przepisy o grupie spółek (art. 21¹–21¹⁵ k.s.h.). => pl:DU:2000:1037#21^1-21^15
Ograniczenia zbycia udziałów mogą wynikać z umowy spółki (art. 182 § 1 k.s.h.). => pl:DU:2000:1037#182
Domniemanie prawdziwości danych wpisanych do rejestru wynika z art. 17 ust. 1 ustawy o KRS. => pl:DU:1997:769#17
Nikt nie może zasłaniać się nieznajomością danych ogłoszonych w Monitorze Sądowym i Gospodarczym (art. 15 ust. 1 ustawy o Krajowym Rejestrze Sądowym). => pl:DU:1997:769#15
Fundację rodzinną definiuje art. 2 ust. 1 ustawy z dnia 26 stycznia 2023 r. o fundacji rodzinnej (Dz. U. z 2023 r. poz. 326). => pl:DU:2023:326#2; pl:DU:2023:326
Spółka jest wpisana do rejestru przedsiębiorców pod numerem KRS 0000123456. =>
NIP: 525-000-12-34, REGON: 012345678. =>
Uchwała nr 15/2023 zgromadzenia wspólników została podjęta jednogłośnie. =>
Art. 7 umowy spółki przewiduje prawo pierwszeństwa dla pozostałych wspólników. =>
Statut stowarzyszenia w § 15 przewiduje dwuletnią kadencję zarządu. =>
Zgodnie z art. 4 Kodeksu Etyki Grupy pracownicy zgłaszają konflikty interesów przełożonemu. =>
Wniosek o ogłoszenie upadłości składa się nie później niż w terminie 30 dni od wystąpienia podstawy (art. 21 ust. 1 Prawa upadłościowego). => pl:DU:2003:535#21
Stan niewypłacalności definiuje art. 11 ust. 1 i 2 pr. upadł. => pl:DU:2003:535#11
Konsument może złożyć wniosek na podstawie art. 491¹ ust. 1 p.u. => pl:DU:2003:535#491^1
Jurysdykcję do wszczęcia głównego postępowania upadłościowego wyznacza art. 3 ust. 1 rozporządzenia Parlamentu Europejskiego i Rady (UE) 2015/848. => eu:32015R0848#3
Zasiedzenie wymaga posiadania samoistnego przez 20 albo 30 lat (art. 172 § 1 i 2 k.c.). => pl:DU:1964:93#172
Nabywca chroniony jest rękojmią wiary publicznej ksiąg wieczystych (art. 5 u.k.w.h.). => pl:DU:1982:147#5
Domniemanie zgodności wpisu z rzeczywistym stanem prawnym wyraża art. 3 ust. 1 ustawy o księgach wieczystych i hipotece. => pl:DU:1982:147#3
Wspólnota może żądać sprzedaży lokalu w drodze licytacji (art. 16 ust. 1 u.w.l.). => pl:DU:1994:388#16
Uprawnienie do lokalu socjalnego ocenia się według art. 14 ust. 4 u.o.p.l. => pl:DU:2001:733#14
Wypowiedzenie najmu reguluje art. 11 ust. 2 ustawy o ochronie praw lokatorów, mieszkaniowym zasobie gminy i o zmianie Kodeksu cywilnego. => pl:DU:2001:733#11
Zachowek przysługuje na podstawie art. 991 § 1 k.c., a roszczenie przedawnia się zgodnie z art. 1007 § 1 k.c. => pl:DU:1964:93#991; pl:DU:1964:93#1007
Przyjęcie spadku z dobrodziejstwem inwentarza ogranicza odpowiedzialność za długi (art. 1031 § 2 k.c.). => pl:DU:1964:93#1031
Rozwód: art. 56 § 1 k.r.o.; alimenty na dziecko: art. 133 § 1 k.r.o. => pl:DU:1964:59#56; pl:DU:1964:59#133
Wspólność majątkowa powstaje z mocy ustawy (art. 31 § 1 Kodeksu rodzinnego i opiekuńczego). => pl:DU:1964:59#31
Jurysdykcję w sprawach małżeńskich określa rozporządzenie Rady (UE) 2019/1111. => eu:32019R1111
Właściwość sądu w sprawach umownych ustala się według art. 7 pkt 1 lit. b rozporządzenia Parlamentu Europejskiego i Rady (UE) nr 1215/2012. => eu:32012R1215#7
Siedziba kancelarii mieści się przy ul. Marszałkowskiej 142 lok. 5, 00-061 Warszawa. =>
Kwota 1 250 000 zł została zdeponowana na rachunku powierniczym. =>
Księga wieczysta nr WA4M/00012345/6 prowadzona jest przez Sąd Rejonowy dla Warszawy-Mokotowa. =>

# ============================================================
# M. Własność intelektualna, zawody prawnicze, zamówienia, e-usługi
# ============================================================
Prawa do utworu pracowniczego nabywa pracodawca (art. 12 ust. 1 u.p.a.p.p.). => pl:DU:1994:83#12
Przeniesienie autorskich praw majątkowych wymaga formy pisemnej pod rygorem nieważności (art. 53 pr. aut.). => pl:DU:1994:83#53
Umowa obejmuje pola eksploatacji wyraźnie w niej wymienione (art. 41 ust. 2 ustawy o prawie autorskim i prawach pokrewnych). => pl:DU:1994:83#41
Rozpowszechnianie wizerunku wymaga zezwolenia osoby na nim przedstawionej (art. 81 ust. 1 u.p.a.p.p.). => pl:DU:1994:83#81
Naruszenie prawa ochronnego na znak towarowy – art. 296 ust. 1 p.w.p. => pl:DU:2001:508#296
Art. 17 dyrektywy Parlamentu Europejskiego i Rady (UE) 2019/790 dotyczy dostawców usług udostępniania treści online. => eu:32019L0790#17
Skargę Polski na ten przepis TSUE oddalił w wyroku z 26 kwietnia 2022 r., C-401/19. => cjeu:C-401/19
Ochronę tajemnicy przedsiębiorstwa zapewnia art. 11 ust. 2 ustawy z dnia 16 kwietnia 1993 r. o zwalczaniu nieuczciwej konkurencji (Dz. U. z 2022 r. poz. 1233). => pl:DU:2022:1233#11; pl:DU:2022:1233
Tajemnica adwokacka wynika z art. 6 ust. 1 Prawa o adwokaturze, a radcowska – z art. 3 ust. 3 ustawy o radcach prawnych. => pl:DU:1982:124#6; pl:DU:1982:145#3
Notariusz odmówi dokonania czynności sprzecznej z prawem (art. 81 pr. not.). => pl:DU:1991:91#81
Tajemnicą bankową objęte są informacje wskazane w art. 104 ust. 1 pr. bank. => pl:DU:1997:939#104
Zamawiający odrzuca ofertę niezgodną z warunkami zamówienia (art. 226 ust. 1 pkt 5 Pzp). => pl:DU:2019:2019#226
Wyjaśnienia w zakresie rażąco niskiej ceny składa się na wezwanie z art. 224 ust. 1 p.z.p. => pl:DU:2019:2019#224
Podstawy wykluczenia wymienia art. 108 ust. 1 ustawy – Prawo zamówień publicznych. => pl:DU:2019:2019#108
Przepisy te wdrażają art. 57 dyrektywy Parlamentu Europejskiego i Rady 2014/24/UE. => eu:32014L0024#57
Działalność nierejestrową reguluje art. 5 ust. 1 Prawa przedsiębiorców. => pl:DU:2018:646#5
Usługodawca określa regulamin świadczenia usług drogą elektroniczną (art. 8 ust. 1 ustawy z dnia 18 lipca 2002 r. o świadczeniu usług drogą elektroniczną (Dz. U. z 2020 r. poz. 344)). => pl:DU:2020:344#8; pl:DU:2020:344
Platformy muszą spełniać wymogi rozporządzenia Parlamentu Europejskiego i Rady (UE) 2019/1150 wobec użytkowników biznesowych. => eu:32019R1150
Zgodnie z pkt 7 ppkt 3 zapytania ofertowego ofertę składa się do 30 września. =>
Wartość zamówienia przekracza próg unijny. =>
Pkt 4.2 OWU wyłącza odpowiedzialność ubezpieczyciela za szkody wyrządzone umyślnie. =>
Umowa NDA została zawarta na 5 lat od dnia podpisania. =>
Zgłoszenie serwisowe nr C-2024/118 zostało zamknięte po aktualizacji oprogramowania. =>
Operator T-Mobile Polska S.A. zmienił cennik usług od 1 marca. =>

# ============================================================
# N. Digital regulation (English and Polish)
# ============================================================
Very large online platforms must assess systemic risks under Article 34 DSA. => eu:32022R2065#34
Mechanizm zgłaszania nielegalnych treści opisuje art. 16 Aktu o usługach cyfrowych. => eu:32022R2065#16
Gatekeepers must comply with the obligations in Articles 5, 6 and 7 of the DMA. => eu:32022R1925#5,6,7
Prohibited practices under Article 5 of the AI Act apply from 2 February 2025. => eu:32024R1689#5
Systemy wysokiego ryzyka klasyfikuje art. 6 AI Actu. => eu:32024R1689#6
Obowiązek zapewnienia kompetencji w zakresie AI wynika z art. 4 Aktu w sprawie sztucznej inteligencji. => eu:32024R1689#4
Podmioty kluczowe i ważne wdrażają środki zarządzania ryzykiem z art. 21 dyrektywy NIS 2. => eu:32022L2555#21
NIS2 should have been transposed by 17 October 2024. => eu:32022L2555
Under Article 28 DORA, financial entities must manage ICT third-party risk as part of their ICT risk framework. => eu:32022R2554#28
DORA stosuje się od 17 stycznia 2025 r. => eu:32022R2554
Crypto-asset service providers need authorisation under Article 59 MiCA. => eu:32023R1114#59
Regulation (EU) 2023/2854 applies from 12 September 2025. => eu:32023R2854
Regulation (EU) 2024/1183 introduced the European Digital Identity Wallet. => eu:32024R1183
Data intermediation services are regulated by Regulation (EU) 2022/868. => eu:32022R0868
The geo-blocking rules in Regulation (EU) 2018/302 prohibit unjustified discrimination based on customers' nationality. => eu:32018R0302
The hosting liability exemption originated in Directive 2000/31/EC. => eu:32000L0031
Pełny tekst aktu: CELEX 32022R2065. => eu:32022R2065
The new Regulation will apply 24 months after its entry into force. =>
The Directive leaves Member States discretion as to penalties. =>
Dyrektywa co do zasady nie wywołuje bezpośredniego skutku horyzontalnego. =>
Rozporządzenie wykonawcze zostało podpisane, ale nie zostało jeszcze ogłoszone. =>
The client's e-mail refers to Article 3 of the Regulation without saying which regulation he means. =>
Training should start with the C-suite and the management board. =>

# ============================================================
# O. Competition and EU case law (English)
# ============================================================
The Commission may fine undertakings up to 10% of turnover under Article 23(2) of Council Regulation (EC) No 1/2003. => eu:32003R0001#23
In T-604/18 Google Android the General Court largely upheld the Commission's decision. => cjeu:T-604/18
The Google Shopping judgment (T-612/17) was upheld on appeal in C-48/22 P. => cjeu:T-612/17; cjeu:C-48/22
An effects-based analysis of rebates was required in C‑413/14 P Intel, ECLI:EU:C:2017:632. => cjeu:C-413/14; ecli:ECLI:EU:C:2017:632
Vertical agreements benefit from the block exemption in Commission Regulation (EU) 2022/720. => eu:32022R0720
Concentrations with an EU dimension are notified under Council Regulation (EC) No 139/2004. => eu:32004R0139
Articles 6 and 9 of the Competition and Consumer Protection Act mirror the EU prohibitions on cartels and abuse of dominance. => pl:DU:2007:331#6,9
National courts must assess unfair terms of their own motion (C-243/08 Pannon GSM). => cjeu:C-243/08
Under Article 6(1) of Council Directive 93/13/EEC, unfair terms are not binding on the consumer. => eu:31993L0013#6
In C-26/13 Kásler, ECLI:EU:C:2014:282, the Court interpreted the plain and intelligible language requirement. => cjeu:C-26/13; ecli:ECLI:EU:C:2014:282
Foreign currency risk must be clearly explained to borrowers (C-186/16 Andriciuc). => cjeu:C-186/16
See joined cases C-70/17 and C-179/17 Abanca Corporación Bancaria. => cjeu:C-70/17; cjeu:C-179/17
Restitution without temporal limits was required in joined cases C-154/15, C-307/15 and C-308/15 Gutiérrez Naranjo. => cjeu:C-154/15; cjeu:C-307/15; cjeu:C-308/15
Commission v Poland, C-791/19, concerned the disciplinary regime for judges. => cjeu:C-791/19
In C-204/21 the Court ruled on the 2019 amendments to the Polish judiciary laws. => cjeu:C-204/21
Under Article 21(1) of Regulation (EU) No 650/2012, succession is governed by the law of the deceased's last habitual residence. => eu:32012R0650#21
The applicable law for a sale of goods follows Article 4(1)(a) of Regulation (EC) No 593/2008. => eu:32008R0593#4
Non-contractual obligations fall under Regulation (EC) No 864/2007. => eu:32007R0864
EU trade mark infringement is assessed under Article 9(2) of Regulation (EU) 2017/1001. => eu:32017R1001#9
Directive (EU) 2016/943 harmonised the protection of trade secrets. => eu:32016L0943
The exception for sealed digital content is in Article 16(m) of Directive 2011/83/EU. => eu:32011L0083#16
The fine was reduced by 40% on appeal. =>
The hearing is scheduled for 10:00 on 4 March in Room 112. =>
Our office is located at Aleje Jerozolimskie 100, 00-807 Warsaw. =>
In her article published in 2021, the author criticises this line of case law. =>

# ============================================================
# P. English commentary on Polish law
# ============================================================
Polish courts increasingly apply Article 385¹ § 1 of the Civil Code to currency clauses in mortgage loans. => pl:DU:1964:93#385^1
The general limitation period in Article 118 of the Civil Code was shortened from ten to six years in 2018. => pl:DU:1964:93#118
Article 357¹ of the Civil Code allows a court to modify a contract after an extraordinary change of circumstances. => pl:DU:1964:93#357^1
Under Articles 449¹–449¹¹ of the Civil Code, producers are liable for damage caused by dangerous products. => pl:DU:1964:93#449^1-449^11
These provisions implement Council Directive 85/374/EEC, which will be replaced by Directive (EU) 2024/2853. => eu:31985L0374; eu:32024L2853
Articles 23 and 24 of the Civil Code protect personal rights such as reputation and privacy. => pl:DU:1964:93#23,24
A party may seek a declaratory judgment only if it has a legal interest (Article 189 of the Code of Civil Procedure). => pl:DU:1964:296#189
Fraud is punishable under Article 286 § 1 of the Criminal Code. => pl:DU:1997:553#286
Unauthorised access to an information system is criminalised by Article 267 § 1 of the Penal Code. => pl:DU:1997:553#267
The presumption of innocence is laid down in Article 5 § 1 of the Code of Criminal Procedure. => pl:DU:1997:555#5
Authorities must take all necessary steps to clarify the facts (Article 7 of the Code of Administrative Procedure). => pl:DU:1960:168#7
The business judgment rule is set out in Article 293 § 3 and Article 483 § 3 of the Commercial Companies Code. => pl:DU:2000:1037#293,483
Under Article 455 of the Public Procurement Law, a public contract may be amended only in specified cases. => pl:DU:2019:2019#455
Article 14a of the Tax Ordinance allows general interpretations issued by the Minister of Finance. => pl:DU:1997:926#14a
Article 45(1) of the Constitution guarantees the right to a fair and public hearing. => pl:DU:1997:483#45
Article 79 of the Copyright Act lists the remedies available for infringement of economic rights. => pl:DU:1994:83#79
Article 5 of the Entrepreneurs' Law exempts very small activities from registration. => pl:DU:2018:646#5
Article 12 of the Consumer Rights Act sets out pre-contractual information duties for distance contracts. => pl:DU:2014:827#12
Article 31 § 1 of the Family and Guardianship Code establishes statutory joint property of spouses. => pl:DU:1964:59#31
In 2023 the consolidated Civil Code was published in Dz. U. z 2023 r. poz. 1610, 1615, 1890 i 1933. => pl:DU:2023:1610; pl:DU:2023:1615; pl:DU:2023:1890; pl:DU:2023:1933
The consolidated Commercial Companies Code appeared in Dz.U. 2024 poz. 18. => pl:DU:2024:18
The original Constitution was published in Dz. U. z 1997 r. Nr 78, poz. 483. => pl:DU:1997:483
The Personal Data Protection Act was first published in Dz.U. 2018 poz. 1000. => pl:DU:2018:1000
The Supreme Court resolution III CZP 11/20 is discussed in section 4 below. => pl-case:III CZP 11/20
The Supreme Administrative Court took the opposite view in I FSK 1462/18. => pl-case:I FSK 1462/18
Summary of recommendations =>
1. Update the privacy notice before the launch of the mobile app. =>
2. Sign a data processing agreement with each new vendor. =>
3. Review the limitation periods for all open receivables. =>
Part II of this memo addresses remedies. =>
IV. Conclusions =>
Under Clause 14.2 of the SPA, the seller's liability is capped at 30% of the purchase price. =>
Article 9 of the shareholders' agreement grants the investor a tag-along right. =>
Article 4.1 of the Framework Agreement requires orders to be placed in writing. =>
The buyer acquired a 3/4 share in the property. =>
The parties agreed on a 2/3 majority for reserved matters. =>
The invoice number INV-2024-0117 was quoted in the payment title. =>
Ticket no. 2024/11/0456 in the helpdesk system concerns the same incident. =>
The limitation period starts running on the date on which the claim becomes due. =>
The contract was signed in 2 counterparts, one for each party. =>
The judge adjourned the hearing until 15 May. =>
The board meeting took place on 12 June 2024 at 9:30. =>
Both KNF and UOKiK may become involved if the product is marketed to consumers. =>
The ISBN of the second edition is 978-83-8358-221-7. =>
Points 1 to 5 of Annex II list the minimum security measures. =>

# ============================================================
# Q. Przypisy i odesłania w stylu LEX/Legalis
# ============================================================
[1] Wyrok SN z dnia 19 września 2013 r., I CSK 727/12, LEX nr 1523350. => pl-case:I CSK 727/12
[2] Uchwała SN z dnia 11 grudnia 2020 r., III CZP 11/20, LEX nr 3092318. => pl-case:III CZP 11/20
[3] Wyrok SA w Katowicach z 21.06.2022 r., I ACa 1021/21, LEX nr 3389012. => pl-case:I ACa 1021/21
[4] Postanowienie SN z 21.10.2021 r., I CSK 354/21, Legalis nr 2634567. => pl-case:I CSK 354/21
[5] Wyrok NSA z 6 kwietnia 2022 r., II FSK 2087/19, CBOSA. => pl-case:II FSK 2087/19
[6] Wyrok WSA we Wrocławiu z 14.02.2023 r., I SA/Wr 702/22. => pl-case:I SA/Wr 702/22
[7] Wyrok SN z 18 lutego 2021 r., II CSKP 45/21, LEX nr 3149802. => pl-case:II CSKP 45/21
[8] Tekst jedn. Dz. U. z 2024 r. poz. 1061. => pl:DU:2024:1061
[9] T.j. Dz.U. z 2023 r., poz. 1634. => pl:DU:2023:1634
[10] Ustawa z 23.04.1964 r. – Kodeks cywilny (t.j. Dz.U.2022.1360 ze zm.). => pl:DU:2022:1360
[11] Dz.U.1997.78.483 ze zm. => pl:DU:1997:483
[12] Uchwała Sejmu RP z dnia 30 lipca 1992 r. – Regulamin Sejmu RP (M.P. z 2012 r. poz. 32). => pl:MP:2012:32
[13] Regulamin Sejmu, tekst jedn. M.P.2022.990. => pl:MP:2022:990
[14] Regulamin pracy Rady Ministrów (M. P. 2022 poz. 348). => pl:MP:2022:348
[15] Zob. szerzej literaturę powołaną w przypisie 3. =>
[16] Regulation (EU) 2016/679 of the European Parliament and of the Council of 27 April 2016, OJ L 119, 4.5.2016, p. 1. => eu:32016R0679
[17] Council Directive 93/13/EEC of 5 April 1993 on unfair terms in consumer contracts, OJ L 95, 21.4.1993, p. 29. => eu:31993L0013
[18] CELEX: 32019L0770. => eu:32019L0770
[19] Judgment of 16 July 2020, Facebook Ireland and Schrems, C‑311/18, ECLI:EU:C:2020:559, paragraph 105. => cjeu:C-311/18; ecli:ECLI:EU:C:2020:559
[20] Dz. U. z 2020 r. poz. 1740 oraz z 2021 r. poz. 1509 i 2459. => pl:DU:2020:1740; pl:DU:2021:1509; pl:DU:2021:2459
[21] Zob. art. 415 ustawy z dnia 23 kwietnia 1964 r. – Kodeks cywilny (Dz. U. z 2024 r. poz. 1061). => pl:DU:1964:93#415; pl:DU:2024:1061
[22] Wyrok TSUE z 14 marca 2013 r., C-415/11 Aziz. => cjeu:C-415/11
[23] Wyrok SA w Poznaniu z 3 marca 2022 r., I ACa 1389/21; podobnie SO w Warszawie w sprawie XXVIII C 1532/21. => pl-case:I ACa 1389/21; pl-case:XXVIII C 1532/21
[24] Wyrok SN z 5 października 2022 r., V CSKP 214/22, i cytowane tam orzecznictwo. => pl-case:V CSKP 214/22
[25] Postanowienie SN z 12 stycznia 2022 r., II CNP 41/21. => pl-case:II CNP 41/21
[26] ISBN 978-83-8356-112-4. =>
[27] Tamże, s. 326–328. =>
[28] Por. rozdział II pkt 4 niniejszego opracowania. =>
Art. 3 ustawy, o który pyta klient, nie został bliżej wskazany w piśmie organu. =>
Artykuł 4 projektu ustawy przewiduje vacatio legis wynoszące 14 dni. =>
Zgodnie z § 5 rozporządzenia wniosek składa się na urzędowym formularzu. =>
Art. 8 regulaminu rady nadzorczej przewiduje posiedzenia co najmniej raz na kwartał. =>
Ankieta zawierała 20 pytań podzielonych na cztery części. =>
Odsetki naliczono według stopy 7,25% w skali roku. =>
Na stronie 326 komentarza autor przedstawia odmienny pogląd. =>
Sprawa została przekazana do wydziału gospodarczego. =>
Wpis do CEIDG jest bezpłatny. =>
Klient przesłał fakturę nr FV/2024/03/117 wraz z protokołem odbioru. =>
Zamówienie obejmowało 150 sztuk produktu o kodzie XR-2210/B. =>
Udział wspólnika w zysku wynosi 33,3%. =>
Decyzję doręczono pełnomocnikowi 5 stycznia 2025 r. =>
Rekomendujemy trzy kroki: =>
1) zebranie dokumentacji medycznej, =>
2) uzyskanie prywatnej opinii lekarza orzecznika, =>
3) wysłanie wezwania przedsądowego do ubezpieczyciela. =>
`;
