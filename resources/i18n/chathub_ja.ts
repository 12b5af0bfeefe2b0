<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja" sourcelanguage="en">
<context>
    <name>AboutDialog</name>
    <message>
        <source>A local-first chat client for your own API keys, built around assistant memory and context compaction. Conversations stay in your own database.</source>
        <translation>自分の API キーで使う、ローカルファーストのチャットクライアント。アシスタントのメモリとコンテキスト圧縮を中心に作られています。会話は自分のデータベースに保存されます。</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>バージョン</translation>
    </message>
    <message>
        <source>Data folder</source>
        <translation>データフォルダー</translation>
    </message>
    <message>
        <source>Database</source>
        <translation>データベース</translation>
    </message>
    <message>
        <source>API keys</source>
        <translation>API キー</translation>
    </message>
    <message>
        <source>Log file</source>
        <translation>ログファイル</translation>
    </message>
    <message>
        <source>Keyring backend</source>
        <translation>キーリングのバックエンド</translation>
    </message>
    <message>
        <source>About ChatHub Desktop</source>
        <translation>ChatHub Desktop について</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>詳細</translation>
    </message>
    <message>
        <source>Data folder, database, log file, keyring backend and each provider&apos;s key</source>
        <translation>データフォルダー、データベース、ログファイル、キーリングのバックエンド、各プロバイダーのキー</translation>
    </message>
    <message>
        <source>&amp;Copy details</source>
        <translation>詳細をコピー</translation>
    </message>
    <message>
        <source>Copy the details (for a bug report)</source>
        <translation>詳細をコピー（不具合の報告用）</translation>
    </message>
    <message>
        <source>Open &amp;data folder</source>
        <translation>データフォルダーを開く</translation>
    </message>
    <message>
        <source>Show the data folder, where the log file is too, in your file manager</source>
        <translation>ファイルマネージャーでデータフォルダー（ログファイルもここにあります）を表示</translation>
    </message>
    <message>
        <source>Version %1</source>
        <translation>バージョン %1</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>読み込み中…</translation>
    </message>
    <message>
        <source>API keys: %1</source>
        <translation>API キー：%1</translation>
    </message>
    <message>
        <source>%1 licence</source>
        <translation>%1 ライセンス</translation>
    </message>
    <message>
        <source>Key of %1</source>
        <translation>%1 のキー</translation>
    </message>
</context>
<context>
    <name>App</name>
    <message>
        <source>Cannot open the ChatHub database:</source>
        <translation>ChatHub のデータベースを開けません：</translation>
    </message>
</context>
<context>
    <name>AssistantDialog</name>
    <message>
        <source>temperature</source>
        <translation>温度</translation>
    </message>
    <message>
        <source>top-p</source>
        <translation>top-p</translation>
    </message>
    <message>
        <source>reasoning effort</source>
        <translation>推論の強さ</translation>
    </message>
    <message>
        <source>thinking budget</source>
        <translation>思考予算</translation>
    </message>
    <message>
        <source>(none — pick one later)</source>
        <translation>（なし — あとで選ぶ）</translation>
    </message>
    <message>
        <source>model id, e.g. gpt-4o-mini</source>
        <translation>モデル ID（例：gpt-4o-mini）</translation>
    </message>
    <message>
        <source>Completion cap in tokens (reserved and sent only when the switch is on)</source>
        <translation>応答の上限（トークン数。スイッチがオンのときだけ確保して送信）</translation>
    </message>
    <message>
        <source>Same as the conversation</source>
        <translation>会話と同じ</translation>
    </message>
    <message>
        <source>New assistant</source>
        <translation>新しいアシスタント</translation>
    </message>
    <message>
        <source>Edit assistant</source>
        <translation>アシスタントを編集</translation>
    </message>
    <message>
        <source>%1: summary up to about %2 tokens</source>
        <translation>%1：要約は最大約 %2 トークン</translation>
    </message>
    <message>
        <source>Summary length: %1 tokens</source>
        <translation>要約の長さ：%1 トークン</translation>
    </message>
    <message>
        <source>Edit assistant %1</source>
        <translation>アシスタント %1 を編集</translation>
    </message>
    <message>
        <source>no provider yet</source>
        <translation>プロバイダー未設定</translation>
    </message>
    <message>
        <source>Sent (%1): %2</source>
        <translation>送信（%1）：%2</translation>
    </message>
    <message>
        <source>nothing; provider defaults</source>
        <translation>なし。プロバイダーの既定値</translation>
    </message>
    <message>
        <source>Its avatar in the sidebar, its menu and the greeting: an emoji, or one or two letters (empty: the name&apos;s initial)</source>
        <translation>サイドバー、メニュー、あいさつに表示するアバター：絵文字 1 つ、または 1〜2 文字（空欄：名前の頭文字）</translation>
    </message>
    <message>
        <source>Avatar</source>
        <translation>アバター</translation>
    </message>
    <message>
        <source>e.g. Coder, Writer, Tutor</source>
        <translation>例：コーダー、ライター、家庭教師</translation>
    </message>
    <message>
        <source>A unique name for this assistant</source>
        <translation>このアシスタントの一意の名前</translation>
    </message>
    <message>
        <source>&amp;Name</source>
        <translation>名前</translation>
    </message>
    <message>
        <source>&amp;Instructions</source>
        <translation>指示</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>モデル</translation>
    </message>
    <message>
        <source>&amp;Provider</source>
        <translation>プロバイダー</translation>
    </message>
    <message>
        <source>Chat &amp;model</source>
        <translation>チャットモデル</translation>
    </message>
    <message>
        <source>Max &amp;tokens</source>
        <translation>最大トークン数</translation>
    </message>
    <message>
        <source>Sampling</source>
        <translation>サンプリング</translation>
    </message>
    <message>
        <source>T&amp;emperature</source>
        <translation>温度</translation>
    </message>
    <message>
        <source>T&amp;op-p</source>
        <translation>Top-p</translation>
    </message>
    <message>
        <source>&amp;Reasoning effort</source>
        <translation>推論の強さ</translation>
    </message>
    <message>
        <source>Thin&amp;king budget</source>
        <translation>思考予算</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>メモリ</translation>
    </message>
    <message>
        <source>Chat Preference</source>
        <translation>チャット設定</translation>
    </message>
    <message>
        <source>&amp;Limit history messages</source>
        <translation>履歴メッセージを制限</translation>
    </message>
    <message>
        <source>Assist p&amp;reset</source>
        <translation>アシストのプリセット</translation>
    </message>
    <message>
        <source>&amp;High watermark</source>
        <translation>上限ライン</translation>
    </message>
    <message>
        <source>Lan&amp;guage of summaries and dream cards</source>
        <translation>要約とドリームカードの言語</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>入力</translation>
    </message>
    <message>
        <source>Input &amp;template</source>
        <translation>入力テンプレート</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>プロンプト</translation>
    </message>
    <message>
        <source>Model &amp;&amp; parameters</source>
        <translation>モデルとパラメーター</translation>
    </message>
    <message>
        <source>Memory &amp;&amp; context</source>
        <translation>メモリとコンテキスト</translation>
    </message>
    <message>
        <source>Advanced</source>
        <translation>詳細</translation>
    </message>
    <message>
        <source>The provider (API and key) this assistant chats through. Add providers under Settings → Providers.</source>
        <translation>このアシスタントが会話に使うプロバイダー（API とキー）。設定 → プロバイダー で追加します。</translation>
    </message>
    <message>
        <source>Anthropic Messages only (thinking.budget_tokens, at least 1,024); not sent to OpenAI formats. Needs Max tokens on (above) and below it; temperature and top-p must be off.</source>
        <translation>Anthropic Messages のみ（thinking.budget_tokens、1,024 以上）。OpenAI 形式には送信しません。最大トークン数（上記）をオンにし、その値より小さくする必要があります。temperature と top-p はオフにしてください。</translation>
    </message>
    <message>
        <source>The API and key this assistant chats through.</source>
        <translation>このアシスタントがチャットに使う API とキー。</translation>
    </message>
    <message>
        <source>The model id as the provider names it: pick one or type any id.</source>
        <translation>プロバイダーが付けたとおりのモデル ID。一覧から選ぶか、任意の ID を入力します。</translation>
    </message>
    <message>
        <source>While on, reserved for the reply and sent as its cap.</source>
        <translation>オンのあいだ、返信用に確保され、上限として送信されます。</translation>
    </message>
    <message>
        <source>Randomness of the reply, 0–2: lower is more focused.</source>
        <translation>返信のランダムさ（0–2）。低いほど焦点が絞られます。</translation>
    </message>
    <message>
        <source>Nucleus sampling, 0–1: the likeliest tokens up to this share.</source>
        <translation>Nucleus サンプリング（0–1）：確率の合計がこの割合に達するまでの上位トークンだけを使います。</translation>
    </message>
    <message>
        <source>OpenAI formats only; not sent to Anthropic.</source>
        <translation>OpenAI 形式のみ。Anthropic には送信しません。</translation>
    </message>
    <message>
        <source>Anthropic Messages only; below Max tokens, which must be on.</source>
        <translation>Anthropic Messages のみ。最大トークン数をオンにし、それより小さくします。</translation>
    </message>
    <message>
        <source>Each setting is sent only while switched on; off, the provider&apos;s default applies.</source>
        <translation>各設定はオンのときだけ送信されます。オフならプロバイダーの既定値が使われます。</translation>
    </message>
    <message>
        <source>Fixed memory and dreaming; off, none is sent or written.</source>
        <translation>固定メモリとドリーム。オフなら送信も書き込みもしません。</translation>
    </message>
    <message>
        <source>The model may search this assistant&apos;s other topics. Needs memory.</source>
        <translation>モデルがこのアシスタントの他のトピックを検索できます。メモリが必要です。</translation>
    </message>
    <message>
        <source>Send only the topic&apos;s newest messages with each request.</source>
        <translation>各リクエストでトピックの最新メッセージだけを送ります。</translation>
    </message>
    <message>
        <source>Fold the messages the limit leaves out into the topic summary.</source>
        <translation>上限で外れるメッセージをトピックの要約にまとめます。</translation>
    </message>
    <message>
        <source>How long the topic summary may get.</source>
        <translation>トピックの要約の最大の長さ。</translation>
    </message>
    <message>
        <source>Summarize the oldest turns when a request reaches the high watermark.</source>
        <translation>リクエストが上限ラインに達したら、最も古いターンを要約します。</translation>
    </message>
    <message>
        <source>Question each new summary before it replaces the old one.</source>
        <translation>新しい要約が古い要約を置き換える前に、質問で確かめます。</translation>
    </message>
    <message>
        <source>The language the History Compress model writes them in.</source>
        <translation>History Compress モデルがそれらを書く言語。</translation>
    </message>
    <message>
        <source>Wraps every message you send before the model reads it, earlier ones too. Write {{text}} where your message goes; it must be there, e.g. “Answer briefly: {{text}}”.</source>
        <translation>送信するすべてのメッセージ（以前のものも）を、モデルが読む前にこの形で包みます。メッセージを入れる位置に {{text}} を書きます。必須です。例：「簡潔に答えて：{{text}}」</translation>
    </message>
    <message>
        <source>The model id exactly as the provider names it (e.g. gpt-4o-mini, claude-sonnet-4-5, deepseek-chat). Pick a suggestion or type any id.</source>
        <translation>プロバイダーが付けたとおりのモデル ID（例：gpt-4o-mini、claude-sonnet-4-5、deepseek-chat）。候補から選ぶか、任意の ID を入力します。</translation>
    </message>
    <message>
        <source>System instructions sent at the start of every request</source>
        <translation>毎回のリクエストの最初に送るシステム指示</translation>
    </message>
    <message>
        <source>Sent as the system message of every request in this assistant&apos;s topics.</source>
        <translation>このアシスタントのトピックでは、毎回のリクエストのシステムメッセージとして送信されます。</translation>
    </message>
    <message>
        <source>&lt;p&gt;Applied to every user message sent (history included). &lt;code&gt;{{text}}&lt;/code&gt; is replaced by the message and must appear in the template, e.g. &lt;code&gt;Answer briefly: {{text}}&lt;/code&gt;.&lt;/p&gt;</source>
        <translation>&lt;p&gt;送信するすべてのユーザーメッセージ（履歴を含む）に適用されます。&lt;code&gt;{{text}}&lt;/code&gt; はメッセージに置き換えられ、テンプレートに必ず含める必要があります。例：&lt;code&gt;簡潔に答えて：{{text}}&lt;/code&gt;。&lt;/p&gt;</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> トークン</translation>
    </message>
    <message>
        <source>&lt;p&gt;When on, this many tokens are reserved for the reply (the input budget is the context window minus it) and sent as the completion cap. When off, the value is neither reserved nor sent; the model&apos;s default applies.&lt;/p&gt;</source>
        <translation>&lt;p&gt;オンのとき、この数のトークンを応答用に確保し（入力予算はコンテキストウィンドウからこれを引いたもの）、応答の上限として送信します。オフのときは確保も送信もせず、モデルの既定値が使われます。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Enable assistant &amp;memory</source>
        <translation>アシスタントのメモリを有効にする</translation>
    </message>
    <message>
        <source>Master switch for this assistant&apos;s memory (fixed memory and dreaming). When off, no memory is added to requests and none is written.</source>
        <translation>このアシスタントのメモリ（固定メモリとドリーム）の主スイッチ。オフのときは、リクエストにメモリを加えず、書き込みもしません。</translation>
    </message>
    <message>
        <source>&amp;Recall earlier topics</source>
        <translation>以前のトピックを思い出す</translation>
    </message>
    <message>
        <source>Let the model search this assistant&apos;s other topics and list its recent ones when you refer to an earlier conversation. Needs memory on; private topics are never searched, and a private topic cannot recall. The topics a reply consulted show in its receipt.</source>
        <translation>以前の会話に触れたとき、モデルがこのアシスタントのほかのトピックを検索し、最近のものを一覧できるようにします。メモリがオンである必要があります。プライベートなトピックは検索されず、プライベートなトピックからは思い出せません。応答が参照したトピックはそのレシートに表示されます。</translation>
    </message>
    <message>
        <source> messages</source>
        <translation> 件</translation>
    </message>
    <message>
        <source>How many of the newest topic messages each request sends</source>
        <translation>各リクエストで送る最新のトピックメッセージの数</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Limit history messages&lt;/b&gt;: send only the newest N topic messages with each request, counted back from your latest message (a long tool loop keeps its newest 20 results). Older messages stay in the topic; with &lt;b&gt;Summarize history&lt;/b&gt; on they are folded into the topic summary instead of being dropped silently.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;履歴メッセージの上限&lt;/b&gt;：各リクエストでは、最新のメッセージからさかのぼって最新 N 件のトピックメッセージだけを送ります（長いツールのループでは最新 20 件の結果を残します）。古いメッセージはトピックに残ります。&lt;b&gt;履歴を要約&lt;/b&gt;がオンなら、黙って捨てずにトピックの要約にまとめます。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;Summarize history</source>
        <translation>履歴を要約</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Summarize history&lt;/b&gt;: before a send, turns the history limit would drop are summarized by the History Compress model (Settings → System Agent) into the topic&apos;s rolling summary, which is sent in their place. Needs &lt;b&gt;Limit history messages&lt;/b&gt;. The memory dream also reads these summaries.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;履歴を要約&lt;/b&gt;：送信の前に、履歴の上限で外れるターンを History Compress モデル（設定 → システムエージェント）がトピックの累積要約にまとめ、その代わりに送ります。&lt;b&gt;履歴メッセージの上限&lt;/b&gt;が必要です。ドリームもこれらの要約を読みます。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Compact</source>
        <translation>圧縮</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Assist preset&lt;/b&gt;: how long the topic summary may get. &lt;b&gt;minimal&lt;/b&gt; ≈ 400 tokens, &lt;b&gt;balanced&lt;/b&gt; ≈ 600 tokens, &lt;b&gt;rich&lt;/b&gt; ≈ 800 tokens. A longer summary keeps more detail and costs more input on every request.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;アシストのプリセット&lt;/b&gt;：トピックの要約の長さの上限。&lt;b&gt;minimal&lt;/b&gt; ≈ 400 トークン、&lt;b&gt;balanced&lt;/b&gt; ≈ 600 トークン、&lt;b&gt;rich&lt;/b&gt; ≈ 800 トークン。長い要約ほど細部を残し、毎回のリクエストの入力が増えます。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Token &amp;auto-compact</source>
        <translation>トークンで自動圧縮</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Token auto-compact&lt;/b&gt;: when the next request&apos;s estimate reaches the high watermark of the input budget, the oldest completed turns are summarized until it is back at the low watermark. It reacts to new messages; it never polls. Compact now (Topic menu or the token badge) works with this off.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;トークンで自動圧縮&lt;/b&gt;：次のリクエストの見積もりが入力予算の上限ラインに達すると、最も古い完了したターンを要約し、下限ラインまで戻します。新しいメッセージに反応し、ポーリングはしません。オフでも「今すぐ圧縮」（トピックメニューまたはトークンバッジ）は使えます。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>When the next request fills this share of what the model can read, older messages are summarized</source>
        <translation>次のリクエストがモデルの読める量のこの割合に達すると、古いメッセージを要約します</translation>
    </message>
    <message>
        <source>Share of the input budget at which token auto-compact starts (0.50–0.99)</source>
        <translation>トークンの自動圧縮が始まる入力予算の割合（0.50〜0.99）</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;High watermark&lt;/b&gt;: the share of the input budget (context window minus the reply reserve) at which token auto-compact starts, 0.50–0.99, default 0.80. The &lt;b&gt;low watermark&lt;/b&gt;, the target after compacting, is always 0.20 lower (at least 0.10).&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;上限ライン&lt;/b&gt;：トークンの自動圧縮が始まる入力予算（コンテキストウィンドウから応答の確保分を引いたもの）の割合。0.50〜0.99、既定 0.80。圧縮後の目標である&lt;b&gt;下限ライン&lt;/b&gt;は常に 0.20 低くなります（最低 0.10）。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Summarizing stops once the next request is back down to this share</source>
        <translation>次のリクエストがこの割合まで下がると要約を止めます</translation>
    </message>
    <message>
        <source>Read-only: always 0.20 below the high watermark (at least 0.10); auto-compact summarizes until the estimate is back here</source>
        <translation>読み取り専用：常に上限ラインより 0.20 低い値（最低 0.10）。自動圧縮は見積もりがここに戻るまで要約します</translation>
    </message>
    <message>
        <source>Low watermark</source>
        <translation>下限ライン</translation>
    </message>
    <message>
        <source>Check new summaries with &amp;probes</source>
        <translation>新しい要約をプローブで確認</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Check new summaries with probes&lt;/b&gt;: after each compaction the History Compress model answers a few questions about the covered turns (files and paths, decisions, open tasks, numbers) with the turns and with only the new summary. A summary that loses an answer is not stored: the old summary stays and the compaction says why. Each probe costs two extra requests.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;新しい要約をプローブで確認&lt;/b&gt;：圧縮のたびに、History Compress モデルが対象のターンについていくつかの質問（ファイルとパス、決定、未完了のタスク、数値）に、ターンを見て、また新しい要約だけを見て答えます。答えを失った要約は保存されず、古い要約が残り、圧縮がその理由を伝えます。プローブ 1 つごとにリクエストが 2 回増えます。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Language of summaries and dream cards&lt;/b&gt;: the language the History Compress model writes this assistant&apos;s topic summaries and dream cards in. &lt;b&gt;Same as the conversation&lt;/b&gt; writes them in the language you chat in, or in the one named under Settings → System Agent when it names one. The interface language never changes what the model reads.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;要約とドリームカードの言語&lt;/b&gt;：History Compress モデルがこのアシスタントのトピックの要約とドリームカードを書く言語。&lt;b&gt;会話と同じ&lt;/b&gt;は、チャットしている言語で書きます（設定 → システムエージェント で言語が指定されていればその言語）。インターフェースの言語は、モデルが読む内容を変えません。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Randomness of the reply, 0–2 (lower is more focused). Off: not sent; the model&apos;s default applies.</source>
        <translation>応答のランダムさ、0〜2（低いほど的を絞る）。オフ：送信せず、モデルの既定値を使います。</translation>
    </message>
    <message>
        <source>Nucleus sampling, 0–1: only the most likely tokens whose probabilities add up to this are considered. Off: not sent.</source>
        <translation>核サンプリング、0〜1：確率の合計がこの値に達するまでの、最も可能性の高いトークンだけを考慮します。オフ：送信しません。</translation>
    </message>
    <message>
        <source>OpenAI Chat Completions (reasoning_effort) and Responses (reasoning.effort) only; not sent to Anthropic. Reasoning models reject temperature and top-p, so leave those off with it.</source>
        <translation>OpenAI Chat Completions（reasoning_effort）と Responses（reasoning.effort）のみ。Anthropic には送信しません。推論モデルは temperature と top-p を受け付けないため、使うときはそれらをオフにしてください。</translation>
    </message>
</context>
<context>
    <name>Attachments</name>
    <message>
        <source>Remove %1</source>
        <translation>%1 を削除</translation>
    </message>
    <message>
        <source>Attach images or text files (%1); you can also paste or drop them</source>
        <translation>画像やテキストファイルを添付します（%1）。貼り付けやドロップもできます</translation>
    </message>
    <message>
        <source>Attach</source>
        <translation>添付</translation>
    </message>
    <message>
        <source>Attach files</source>
        <translation>ファイルを添付</translation>
    </message>
    <message>
        <source>Attach files…</source>
        <translation>ファイルを添付…</translation>
    </message>
    <message>
        <source>%1 is no longer in the store</source>
        <translation>%1 はもうストアにありません</translation>
    </message>
    <message>
        <source>This image cannot be shown.</source>
        <translation>この画像は表示できません。</translation>
    </message>
</context>
<context>
    <name>ChatEmpty</name>
    <message>
        <source>Explain something simply</source>
        <translation>やさしく説明して</translation>
    </message>
    <message>
        <source>Explain in simple terms, with one example: </source>
        <translation>例を一つ挙げて、やさしく説明してください：</translation>
    </message>
    <message>
        <source>Draft a message</source>
        <translation>メッセージの下書き</translation>
    </message>
    <message>
        <source>Help me write a short, friendly message to </source>
        <translation>次の相手に送る、短くて親しみやすいメッセージを書いてください：</translation>
    </message>
    <message>
        <source>Summarize a text</source>
        <translation>文章を要約</translation>
    </message>
    <message>
        <source>Summarize the key points of this text in five bullets:

</source>
        <translation>この文章の要点を 5 つの箇条書きでまとめてください：

</translation>
    </message>
    <message>
        <source>Brainstorm ideas</source>
        <translation>アイデア出し</translation>
    </message>
    <message>
        <source>Give me ten ideas for </source>
        <translation>次のテーマでアイデアを 10 個ください：</translation>
    </message>
    <message>
        <source>No assistant</source>
        <translation>アシスタントなし</translation>
    </message>
    <message>
        <source>Create an assistant to start chatting.</source>
        <translation>アシスタントを作成するとチャットを始められます。</translation>
    </message>
    <message>
        <source>Connect %1 to a model</source>
        <translation>%1 をモデルにつなぐ</translation>
    </message>
    <message>
        <source>Add a provider with your API key or a local server, then choose it for this assistant.</source>
        <translation>API キーかローカルサーバーでプロバイダーを追加し、このアシスタントに選んでください。</translation>
    </message>
    <message>
        <source>Choose a model for %1</source>
        <translation>%1 のモデルを選ぶ</translation>
    </message>
    <message>
        <source>Edit the assistant and pick one of its provider&apos;s models.</source>
        <translation>アシスタントを編集し、プロバイダーのモデルから一つ選んでください。</translation>
    </message>
    <message>
        <source>Chat with %1</source>
        <translation>%1 とチャット</translation>
    </message>
    <message>
        <source>Type a message below to start a topic: %1 answers.</source>
        <translation>下にメッセージを入力するとトピックが始まります：%1 が答えます。</translation>
    </message>
    <message>
        <source>Put “%1” in the message box</source>
        <translation>「%1」をメッセージ欄に入れます</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>アシスタント</translation>
    </message>
    <message>
        <source>Add a provider</source>
        <translation>プロバイダーを追加</translation>
    </message>
    <message>
        <source>Edit assistant</source>
        <translation>アシスタントを編集</translation>
    </message>
    <message>
        <source>your assistant</source>
        <translation>あなたのアシスタント</translation>
    </message>
    <message>
        <source>Hi, I&apos;m %1. How can I help?</source>
        <translation>こんにちは、%1 です。何をお手伝いしましょうか？</translation>
    </message>
    <message>
        <source>%1 answers here.</source>
        <translation>ここでは %1 が答えます。</translation>
    </message>
    <message>
        <source>Pick a prompt or type below.</source>
        <translation>プロンプトを選ぶか、下に入力してください。</translation>
    </message>
</context>
<context>
    <name>ChatHeader</name>
    <message>
        <source>Topic list</source>
        <translation>トピック一覧</translation>
    </message>
    <message>
        <source>Open topic</source>
        <translation>開いているトピック</translation>
    </message>
</context>
<context>
    <name>CompactionOutcome</name>
    <message>
        <source>The conversation is getting long: summarizing older messages…</source>
        <translation>会話が長くなっています：古いメッセージを要約しています…</translation>
    </message>
    <message>
        <source>Past the history limit: summarizing older messages…</source>
        <translation>履歴の上限を超えました：古いメッセージを要約しています…</translation>
    </message>
    <message>
        <source>Too long for the model: summarizing older messages…</source>
        <translation>モデルには長すぎます：古いメッセージを要約しています…</translation>
    </message>
    <message>
        <source>Near the context window: the chat model is summarizing older messages…</source>
        <translation>コンテキストウィンドウに近づいています：チャットモデルが古いメッセージを要約しています…</translation>
    </message>
    <message>
        <source>Older messages were summarized to keep the conversation within its token budget</source>
        <translation>会話をトークン予算内に収めるため、古いメッセージを要約しました</translation>
    </message>
    <message>
        <source>Older messages were summarized: the topic passed its history limit</source>
        <translation>古いメッセージを要約しました：トピックが履歴の上限を超えました</translation>
    </message>
    <message>
        <source>The request was too long for the model, so older messages were summarized</source>
        <translation>リクエストがモデルには長すぎたため、古いメッセージを要約しました</translation>
    </message>
    <message>
        <source>The chat model summarized older messages: the topic neared its context window</source>
        <translation>チャットモデルが古いメッセージを要約しました：トピックがコンテキストウィンドウに近づきました</translation>
    </message>
    <message>
        <source>No older messages could be summarized yet</source>
        <translation>まだ要約できる古いメッセージはありません</translation>
    </message>
    <message>
        <source>Summarizing older messages failed</source>
        <translation>古いメッセージの要約に失敗しました</translation>
    </message>
    <message>
        <source>Summarized what could be; the next request is still above the target</source>
        <translation>できる限り要約しましたが、次のリクエストはまだ目標を上回っています</translation>
    </message>
    <message>
        <source>Summarizing older messages was stopped</source>
        <translation>古いメッセージの要約を停止しました</translation>
    </message>
    <message>
        <source>Summarizing older messages…</source>
        <translation>古いメッセージを要約しています…</translation>
    </message>
    <message>
        <source>Older messages were summarized</source>
        <translation>古いメッセージを要約しました</translation>
    </message>
    <message>
        <source> · next request %1 → %2 tokens</source>
        <translation> · 次のリクエスト %1 → %2 トークン</translation>
    </message>
    <message>
        <source>The next request now takes %1 tokens instead of %2. %3.</source>
        <translation>次のリクエストは %2 トークンではなく %1 トークンになりました。%3。</translation>
    </message>
    <message>
        <source>Compacted: %1</source>
        <translation>圧縮しました：%1</translation>
    </message>
    <message>
        <source>Nothing to gain: %1</source>
        <translation>効果なし：%1</translation>
    </message>
    <message>
        <source>Nothing to compact yet: %1.</source>
        <translation>まだ圧縮するものはありません：%1。</translation>
    </message>
    <message>
        <source>Nothing to compact yet.</source>
        <translation>まだ圧縮するものはありません。</translation>
    </message>
    <message>
        <source>Compaction failed: %1</source>
        <translation>圧縮に失敗しました：%1</translation>
    </message>
    <message>
        <source>Compaction failed</source>
        <translation>圧縮に失敗しました</translation>
    </message>
    <message>
        <source>Could not reach the target: %1</source>
        <translation>目標に届きませんでした：%1</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop this compaction (Esc); nothing of it is stored</source>
        <translation>この圧縮を停止します（Esc）。何も保存されません</translation>
    </message>
    <message>
        <source>Open Settings → Providers at the provider that could not be reached</source>
        <translation>設定 → プロバイダー を開き、接続できなかったプロバイダーを選びます</translation>
    </message>
    <message>
        <source>This topic is already compacting; wait for that run to finish (Esc stops it)</source>
        <translation>このトピックはすでに圧縮中です。終わるまでお待ちください（Esc で停止）</translation>
    </message>
    <message>
        <source>Compacting…</source>
        <translation>圧縮中…</translation>
    </message>
    <message>
        <source>Compaction stopped — the summary is unchanged</source>
        <translation>圧縮を停止しました — 要約は変わっていません</translation>
    </message>
    <message>
        <source>Compacting… batch %1 of %2</source>
        <translation>圧縮中… %2 バッチ中 %1 バッチ目</translation>
    </message>
    <message>
        <source>Compaction failed: can&apos;t reach %1</source>
        <translation>圧縮に失敗しました：%1 に接続できません</translation>
    </message>
</context>
<context>
    <name>Composer</name>
    <message>
        <source>Nothing to send: type a message first</source>
        <translation>送信する内容がありません：先にメッセージを入力してください</translation>
    </message>
    <message>
        <source>A reply is still being written in this topic: wait for it or press Stop (Esc)</source>
        <translation>このトピックではまだ返信を作成中です：完了を待つか、停止（Esc）を押してください</translation>
    </message>
    <message>
        <source>Message — %1 to send, %2 for a new line</source>
        <translation>メッセージ — %1 で送信、%2 で改行</translation>
    </message>
    <message>
        <source>Message draft</source>
        <translation>メッセージの下書き</translation>
    </message>
    <message>
        <source>Your message. Markdown is fine. %1 sends, %2 makes a new line, Esc stops a reply.</source>
        <translation>メッセージ。Markdown が使えます。%1 で送信、%2 で改行、Esc で返信を止めます。</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop the reply being written in this topic (Esc); what arrived is kept</source>
        <translation>このトピックで書かれている返信を止めます（Esc）。届いた分は残ります</translation>
    </message>
    <message>
        <source>Stop the reply</source>
        <translation>返信を止める</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>送信</translation>
    </message>
    <message>
        <source>Send the message</source>
        <translation>メッセージを送信</translation>
    </message>
    <message>
        <source>Send the message (%1)</source>
        <translation>メッセージを送信（%1）</translation>
    </message>
    <message>
        <source>Opening your chats…</source>
        <translation>チャットを開いています…</translation>
    </message>
    <message>
        <source>Add a provider and choose a model for this assistant first (Assistant → Edit…)</source>
        <translation>先にプロバイダーを追加し、このアシスタントのモデルを選んでください（アシスタント → 編集…）</translation>
    </message>
    <message>
        <source>Create an assistant first (Assistant → New…)</source>
        <translation>先にアシスタントを作成してください（アシスタント → 新規…）</translation>
    </message>
    <message>
        <source>%1 B</source>
        <comment>a size in bytes</comment>
        <translation>%1 B</translation>
    </message>
    <message>
        <source>Pasted text · %1 · %2</source>
        <comment>size, lines</comment>
        <translation>貼り付けたテキスト · %1 · %2</translation>
    </message>
    <message numerus="yes">
        <source>%Ln line(s)</source>
        <translation><numerusform>%Ln 行</numerusform></translation>
    </message>
    <message>
        <source>Sent as part of your message; click to read it</source>
        <translation>メッセージの一部として送られます。クリックで読めます</translation>
    </message>
    <message>
        <source>Remove the pasted text</source>
        <translation>貼り付けたテキストを削除</translation>
    </message>
    <message>
        <source>The first %1 of %2 characters; all of them are sent.</source>
        <translation>%2 文字のうち最初の %1 文字。すべて送信されます。</translation>
    </message>
</context>
<context>
    <name>Confirm</name>
    <message>
        <source>Delete</source>
        <translation>削除</translation>
    </message>
</context>
<context>
    <name>ConnectionTest</name>
    <message>
        <source>&amp;Test connection</source>
        <translation>接続をテスト</translation>
    </message>
    <message>
        <source>Ask the provider for its model list with these settings (nothing is saved)</source>
        <translation>この設定でプロバイダーにモデル一覧を問い合わせます（何も保存しません）</translation>
    </message>
    <message>
        <source>Testing…</source>
        <translation>テスト中…</translation>
    </message>
    <message>
        <source>answered in %1 s</source>
        <translation>%1 秒で応答</translation>
    </message>
    <message numerus="yes">
        <source>reachable, key accepted, %n model(s) offered — %1</source>
        <translation><numerusform>接続でき、キーが受け付けられ、%n 個のモデルがあります — %1</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>reachable without a key, %n model(s) offered — %1</source>
        <translation><numerusform>キーなしで接続でき、%n 個のモデルがあります — %1</numerusform></translation>
    </message>
</context>
<context>
    <name>ContextControls</name>
    <message>
        <source>Pinned: this message is always sent in full, even after older messages are summarized. It uses part of the input budget.</source>
        <translation>ピン留めしました：古いメッセージが要約されても、このメッセージは常にそのまま送られます。入力予算の一部を使います。</translation>
    </message>
    <message>
        <source>Unpinned: this message may be summarized with the older ones</source>
        <translation>ピン留めを外しました：このメッセージは古いメッセージと一緒に要約されることがあります</translation>
    </message>
    <message>
        <source>What must the summary keep? For example: the SQL schema and every file path.
Leave it empty to compact as usual.</source>
        <translation>要約に必ず残す内容は？例：SQL スキーマとすべてのファイルパス。
空のままなら通常どおり圧縮します。</translation>
    </message>
    <message>
        <source>Compact with &amp;focus…</source>
        <translation>焦点を指定して圧縮…</translation>
    </message>
    <message>
        <source>Compact now, telling the History Compress model what the summary must keep</source>
        <translation>今すぐ圧縮し、要約に残すべき内容をHistory Compress モデルに伝えます</translation>
    </message>
    <message>
        <source>Dream review: new dream cards waiting for your accept or discard</source>
        <translation>ドリームの確認：承認または破棄を待っている新しいドリームカード</translation>
    </message>
    <message>
        <source>That topic is not listed any more</source>
        <translation>そのトピックはもう一覧にありません</translation>
    </message>
    <message numerus="yes">
        <source>&amp;Memory (%n dream proposal(s))…</source>
        <translation><numerusform>メモリ（ドリームの提案 %n 件）…</numerusform></translation>
    </message>
    <message>
        <source>Memory (%1)</source>
        <translation>メモリ（%1）</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>メモリ</translation>
    </message>
    <message>
        <source>Compact with focus</source>
        <translation>重点を指定して圧縮</translation>
    </message>
</context>
<context>
    <name>Dates</name>
    <message>
        <source>d MMM yyyy</source>
        <translation>yyyy年M月d日</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1 %2</translation>
    </message>
</context>
<context>
    <name>EmptyState</name>
    <message>
        <source>Learn more</source>
        <translation>詳しく</translation>
    </message>
</context>
<context>
    <name>ErrorBar</name>
    <message>
        <source>This is a bug in ChatHub Desktop. The same text is in chathub.log in the data folder.</source>
        <translation>これは ChatHub Desktop の不具合です。同じ内容がデータフォルダーの chathub.log にも記録されています。</translation>
    </message>
    <message>
        <source>Something went wrong.</source>
        <translation>問題が発生しました。</translation>
    </message>
    <message>
        <source>Something went wrong (%1).</source>
        <translation>問題が発生しました（%1）。</translation>
    </message>
    <message>
        <source>Error details</source>
        <translation>エラーの詳細</translation>
    </message>
    <message>
        <source>Copy details</source>
        <translation>詳細をコピー</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>エラー</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>再試行</translation>
    </message>
    <message>
        <source>Try it again now</source>
        <translation>今すぐもう一度試す</translation>
    </message>
    <message>
        <source>Details…</source>
        <translation>詳細…</translation>
    </message>
    <message>
        <source>Show the traceback of this error</source>
        <translation>このエラーのトレースバックを表示</translation>
    </message>
    <message>
        <source>Show what failed and why</source>
        <translation>何がなぜ失敗したかを表示</translation>
    </message>
    <message>
        <source>Dismiss error</source>
        <translation>エラーを閉じる</translation>
    </message>
    <message>
        <source>Hide this error</source>
        <translation>このエラーを隠す</translation>
    </message>
    <message numerus="yes">
        <source> (%n earlier)</source>
        <translation><numerusform>（ほかに %n 件）</numerusform></translation>
    </message>
    <message>
        <source>A tool server did not start. Check its command and settings in Settings → Tools; its own words are below.</source>
        <translation>ツールサーバーが起動しませんでした。「設定 → ツール」でコマンドと設定を確認してください。サーバー自身の出力を下に示します。</translation>
    </message>
    <message>
        <source>The History Compress model or its provider failed; the reason is below.</source>
        <translation>History Compress モデルまたはそのプロバイダーが失敗しました。理由は下にあります。</translation>
    </message>
</context>
<context>
    <name>FieldNote</name>
    <message>
        <source>More</source>
        <translation>詳しく</translation>
    </message>
</context>
<context>
    <name>HelpMenu</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>キーボードショートカット</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>場所</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>キー</translation>
    </message>
</context>
<context>
    <name>ImportDialog</name>
    <message>
        <source>Detect from the file</source>
        <translation>ファイルから検出</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>閉じる</translation>
    </message>
    <message>
        <source>Chat history exports (*.json *.zip);;All files (*)</source>
        <translation>チャット履歴のエクスポート (*.json *.zip);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>The export holds no conversations; nothing was imported</source>
        <translation>エクスポートに会話がありません。何もインポートされませんでした</translation>
    </message>
    <message>
        <source>Imported %1 and %2</source>
        <comment>topics, messages</comment>
        <translation>%1、%2をインポートしました</translation>
    </message>
    <message numerus="yes">
        <source>%Ln topic(s)</source>
        <translation><numerusform>%Ln 件のトピック</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%Ln message(s)</source>
        <translation><numerusform>%Ln 件のメッセージ</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>; %Ln earlier import(s) got their new messages</source>
        <translation><numerusform>。以前にインポートした %Ln 件に新しいメッセージを追加しました</numerusform></translation>
    </message>
    <message numerus="yes">
        <source> (%Ln already imported, skipped)</source>
        <translation><numerusform>（%Ln 件はインポート済みのためスキップ）</numerusform></translation>
    </message>
    <message>
        <source>; %1 skipped: %2</source>
        <comment>count, the conversations and why</comment>
        <translation>。%1 件をスキップ：%2</translation>
    </message>
    <message>
        <source>; and %1 more</source>
        <translation>。ほか %1 件</translation>
    </message>
    <message numerus="yes">
        <source>; %Ln message(s) on other branches not imported (a topic keeps one branch)</source>
        <translation><numerusform>。ほかの分岐にある %Ln 件のメッセージはインポートしていません（トピックは 1 つの分岐だけを保持します）</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>; %Ln character(s) that no store keeps (NUL or a lone surrogate) replaced by %1</source>
        <translation><numerusform>。どのストアにも保存できない %Ln 文字（NUL または単独のサロゲート）を %1 に置き換えました</numerusform></translation>
    </message>
    <message>
        <source>%1 of %2 MB read · %3</source>
        <comment>MB read, MB in all, conversations</comment>
        <translation>%1 / %2 MB 読み込み済み · %3</translation>
    </message>
    <message numerus="yes">
        <source>%Ln conversation(s)</source>
        <translation><numerusform>%Ln 件の会話</numerusform></translation>
    </message>
    <message>
        <source>Import chat history</source>
        <translation>チャット履歴をインポート</translation>
    </message>
    <message>
        <source>Each conversation becomes a topic of the chosen assistant (the branch you last viewed). Importing the same export again skips conversations already imported and adds only the new messages of those that went on. You can drop the file onto this window.</source>
        <translation>各会話は選んだアシスタントのトピックになります（最後に見た分岐）。同じエクスポートをもう一度インポートすると、インポート済みの会話はスキップし、続きのある会話の新しいメッセージだけを追加します。このウィンドウにファイルをドロップすることもできます。</translation>
    </message>
    <message>
        <source>conversations.json, an export .json or the export .zip</source>
        <translation>conversations.json、エクスポートの .json またはエクスポートの .zip</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <comment>an app, how it exports</comment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>参照…</translation>
    </message>
    <message>
        <source>Choose the export file</source>
        <translation>エクスポートファイルを選択</translation>
    </message>
    <message>
        <source>&amp;File:</source>
        <translation>ファイル：</translation>
    </message>
    <message>
        <source>Which app the export comes from; detected from the file&apos;s first conversation unless you choose one</source>
        <translation>エクスポート元のアプリ。選ばない場合はファイルの最初の会話から検出します</translation>
    </message>
    <message>
        <source>F&amp;ormat:</source>
        <translation>形式：</translation>
    </message>
    <message>
        <source>Imported conversations become topics of this assistant; its instructions and memory apply when you continue them.</source>
        <translation>インポートした会話はこのアシスタントのトピックになります。続けるときはその指示とメモリが適用されます。</translation>
    </message>
    <message>
        <source>&amp;Into assistant:</source>
        <translation>インポート先のアシスタント：</translation>
    </message>
    <message>
        <source>&amp;Import</source>
        <translation>インポート</translation>
    </message>
    <message>
        <source>Start importing (you can cancel; nothing is written until it completes)</source>
        <translation>インポートを開始（キャンセルできます。完了するまで何も書き込まれません）</translation>
    </message>
    <message>
        <source>&amp;Open topic</source>
        <translation>トピックを開く</translation>
    </message>
    <message>
        <source>Show the first imported topic</source>
        <translation>インポートした最初のトピックを表示</translation>
    </message>
    <message>
        <source>Stop the import; nothing is written</source>
        <translation>インポートを中止。何も書き込まれません</translation>
    </message>
    <message>
        <source>Detected: %1 export</source>
        <translation>検出：%1 のエクスポート</translation>
    </message>
    <message>
        <source>Not a format this app reads</source>
        <translation>このアプリが読める形式ではありません</translation>
    </message>
    <message>
        <source>Chat history export</source>
        <translation>チャット履歴のエクスポート</translation>
    </message>
    <message>
        <source>Create an assistant first.</source>
        <translation>先にアシスタントを作成してください。</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>開始中…</translation>
    </message>
    <message>
        <source>Import failed</source>
        <translation>インポートに失敗しました</translation>
    </message>
    <message>
        <source>Import cancelled; nothing was imported.</source>
        <translation>インポートをキャンセルしました。何もインポートされていません。</translation>
    </message>
    <message>
        <source> This export also holds what Claude remembers about you: Assistant → Memory… → Import from another assistant… → From a Claude export zip… offers it as entries.</source>
        <translation> このエクスポートには Claude があなたについて覚えている内容も含まれています：アシスタント → メモリ… → 別のアシスタントからインポート… → Claude のエクスポート zip から… で項目として取り込めます。</translation>
    </message>
    <message>
        <source>%1.%2</source>
        <comment>the result, a note</comment>
        <translation>%1。%2</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>キャンセル中…</translation>
    </message>
</context>
<context>
    <name>InlineEditor</name>
    <message>
        <source>Saving clears the topic summary, as it includes this message; the next compaction writes a new one from the messages.</source>
        <translation>保存するとトピックの要約が消えます（要約にこのメッセージが含まれるため）。次の圧縮でメッセージから新しく作られます。</translation>
    </message>
    <message>
        <source>The edited message is empty: type its text, or press Esc to keep it as it is</source>
        <translation>編集したメッセージが空です：テキストを入力するか、Esc でそのままにしてください</translation>
    </message>
    <message>
        <source>%1 resends</source>
        <translation>%1 で再送信</translation>
    </message>
    <message>
        <source>%1 new line</source>
        <translation>%1 で改行</translation>
    </message>
    <message>
        <source>Esc cancels</source>
        <translation>Esc でキャンセル</translation>
    </message>
    <message>
        <source>Edit message</source>
        <translation>メッセージを編集</translation>
    </message>
    <message>
        <source>Message text</source>
        <translation>メッセージの本文</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Keep the message as it is (Esc)</source>
        <translation>メッセージをそのままにします（Esc）</translation>
    </message>
    <message>
        <source>Save only</source>
        <translation>保存のみ</translation>
    </message>
    <message>
        <source>Change the text without asking for a new reply</source>
        <translation>新しい応答を求めずにテキストを変更します</translation>
    </message>
    <message>
        <source>Resend</source>
        <translation>再送信</translation>
    </message>
    <message>
        <source>Start a new branch here with this text and ask for a new reply; the current branch stays reachable with the message&apos;s ‹ › arrows</source>
        <translation>このテキストでここから新しい分岐を始め、新しい応答を求めます。今の分岐はメッセージの ‹ › 矢印で戻れます</translation>
    </message>
</context>
<context>
    <name>InvisibleText</name>
    <message numerus="yes">
        <source>%Ln invisible character(s) not shown</source>
        <translation><numerusform>%Ln 個の不可視文字を表示していません</numerusform></translation>
    </message>
</context>
<context>
    <name>LinkPolicy</name>
    <message>
        <source>%1: links</source>
        <translation>%1: リンク</translation>
    </message>
    <message>
        <source>file paths</source>
        <translation>ファイルパス</translation>
    </message>
    <message>
        <source>Not opened: %1 in messages are not followed (%2)</source>
        <translation>開きませんでした：メッセージ内の%1は開きません（%2）</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Code block copied</source>
        <translation>コードブロックをコピーしました</translation>
    </message>
    <message>
        <source>No assistant</source>
        <translation>アシスタントなし</translation>
    </message>
    <message>
        <source>%1: %2 via %3</source>
        <translation>%1：%3 の %2</translation>
    </message>
    <message>
        <source>no model</source>
        <translation>モデルなし</translation>
    </message>
    <message>
        <source>no provider</source>
        <translation>プロバイダーなし</translation>
    </message>
    <message>
        <source>ChatHub was started again: this window is the one for your data</source>
        <translation>ChatHub がもう一度起動されました。このウィンドウがあなたのデータのウィンドウです</translation>
    </message>
    <message>
        <source>&amp;Topics</source>
        <translation>トピック</translation>
    </message>
    <message>
        <source>Topics</source>
        <translation>トピック</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>アシスタント</translation>
    </message>
    <message>
        <source>This assistant&apos;s conversations, newest first; F2 renames the selected one, Delete deletes it.</source>
        <translation>このアシスタントとの会話（新しい順）。F2 で選択中の会話の名前を変更し、Delete で削除します。</translation>
    </message>
    <message>
        <source>Rename topic</source>
        <translation>トピック名を変更</translation>
    </message>
    <message>
        <source>Delete topic</source>
        <translation>トピックを削除</translation>
    </message>
    <message>
        <source>New topic</source>
        <translation>新しいトピック</translation>
    </message>
    <message>
        <source>Waiting for the store — another ChatHub process is writing…</source>
        <translation>ストアを待っています — 別の ChatHub プロセスが書き込み中…</translation>
    </message>
</context>
<context>
    <name>McpServerDialog</name>
    <message>
        <source>Program on this computer (stdio)</source>
        <translation>このコンピューター上のプログラム（stdio）</translation>
    </message>
    <message>
        <source>Streamable HTTP address</source>
        <translation>ストリーミング HTTP アドレス</translation>
    </message>
    <message>
        <source>Use with these assistants</source>
        <translation>これらのアシスタントで使う</translation>
    </message>
    <message>
        <source>Edit MCP server %1</source>
        <translation>MCP サーバー %1 を編集</translation>
    </message>
    <message>
        <source>Add MCP server</source>
        <translation>MCP サーバーを追加</translation>
    </message>
    <message>
        <source>e.g. time (letters, digits, &apos;_&apos;, &apos;.&apos;, &apos;-&apos;)</source>
        <translation>例：time（英字、数字、&apos;_&apos;、&apos;.&apos;、&apos;-&apos;）</translation>
    </message>
    <message>
        <source>&amp;Name</source>
        <translation>名前</translation>
    </message>
    <message>
        <source>&amp;Runs as</source>
        <translation>実行方法</translation>
    </message>
    <message>
        <source>The assistants that get this server&apos;s tools; change it later under Tools of assistant</source>
        <translation>このサーバーのツールを使うアシスタント。あとでアシスタントの「ツール」で変更できます</translation>
    </message>
    <message>
        <source>Use &amp;with</source>
        <translation>使うアシスタント</translation>
    </message>
    <message>
        <source>&amp;Test</source>
        <translation>テスト</translation>
    </message>
    <message>
        <source>Start the server as filled in, list its tools and stop it (nothing is saved)</source>
        <translation>入力どおりにサーバーを起動し、ツールを一覧して停止します（何も保存しません）</translation>
    </message>
    <message>
        <source>Sign &amp;in…</source>
        <translation>サインイン…</translation>
    </message>
    <message>
        <source>Open the server&apos;s sign-in page in your browser; the app keeps the sign-in in the keyring, never in its database</source>
        <translation>サーバーのサインインページをブラウザーで開きます。サインイン情報はキーリングに保存し、データベースには保存しません</translation>
    </message>
    <message>
        <source>e.g. uvx or npx (found on your login shell&apos;s PATH)</source>
        <translation>例：uvx や npx（ログインシェルの PATH から探します）</translation>
    </message>
    <message>
        <source>&amp;Command</source>
        <translation>コマンド</translation>
    </message>
    <message>
        <source>one argument a line, e.g.
mcp-server-time</source>
        <translation>1 行に 1 つの引数。例：
mcp-server-time</translation>
    </message>
    <message>
        <source>&amp;Arguments</source>
        <translation>引数</translation>
    </message>
    <message>
        <source>NAME=VALUE, one a line</source>
        <translation>NAME=VALUE を 1 行に 1 つ</translation>
    </message>
    <message>
        <source>&amp;Environment</source>
        <translation>環境変数</translation>
    </message>
    <message>
        <source>empty: the app&apos;s folder</source>
        <translation>空欄：アプリのフォルダー</translation>
    </message>
    <message>
        <source>Choose the working folder</source>
        <translation>作業フォルダーを選ぶ</translation>
    </message>
    <message>
        <source>&amp;Working folder</source>
        <translation>作業フォルダー</translation>
    </message>
    <message>
        <source>&amp;URL</source>
        <translation>&amp;URL</translation>
    </message>
    <message>
        <source>Name: value, one a line, e.g.
Authorization: Bearer …</source>
        <translation>名前: 値 を 1 行に 1 つ。例：
Authorization: Bearer …</translation>
    </message>
    <message>
        <source>&amp;Headers</source>
        <translation>ヘッダー</translation>
    </message>
    <message>
        <source>A server&apos;s name prefixes its tools&apos; names; remove and add it to rename</source>
        <translation>サーバー名はツール名の先頭に付きます。名前を変えるには削除して追加し直してください</translation>
    </message>
    <message>
        <source>Working folder of the server</source>
        <translation>サーバーの作業フォルダー</translation>
    </message>
    <message>
        <source>Starting %1…</source>
        <translation>%1 を起動中…</translation>
    </message>
    <message>
        <source>Test %1</source>
        <translation>%1 をテスト</translation>
    </message>
    <message>
        <source>Finish signing in to %1 in your browser…</source>
        <translation>ブラウザーで %1 へのサインインを完了してください…</translation>
    </message>
    <message>
        <source>Sign in to %1</source>
        <translation>%1 にサインイン</translation>
    </message>
    <message>
        <source>no tools</source>
        <translation>ツールなし</translation>
    </message>
    <message numerus="yes">
        <source>%1: %2 %3 — %Ln tool(s): %4</source>
        <translation><numerusform>%1：%2 %3 — %Ln 個のツール：%4</numerusform></translation>
    </message>
    <message>
        <source>Save %1</source>
        <translation>%1 を保存</translation>
    </message>
</context>
<context>
    <name>MemoryPage</name>
    <message>
        <source>Fixed memory</source>
        <translation>固定メモリ</translation>
    </message>
    <message>
        <source>&amp;Add memory</source>
        <translation>メモリを追加</translation>
    </message>
    <message>
        <source>Add memory</source>
        <translation>メモリを追加</translation>
    </message>
    <message>
        <source>Add entries at the end: type each in the editor above the list and press Enter (Ctrl+N)</source>
        <translation>末尾に項目を追加します：一覧の上のエディターに 1 件ずつ入力して Enter を押します（Ctrl+N）</translation>
    </message>
    <message>
        <source>&amp;Edit raw</source>
        <translation>原文を編集</translation>
    </message>
    <message>
        <source>Edit the whole memory as one Markdown document (Ctrl+E)</source>
        <translation>メモリ全体を 1 つの Markdown 文書として編集します（Ctrl+E）</translation>
    </message>
    <message>
        <source>Edit raw</source>
        <translation>原文を編集</translation>
    </message>
    <message>
        <source>&amp;Search memory</source>
        <translation>メモリを検索</translation>
    </message>
    <message>
        <source>Narrow the list to entries that share words with what you type (%1)</source>
        <translation>入力した語を含む項目だけに絞り込みます（%1）</translation>
    </message>
    <message>
        <source>Search memory</source>
        <translation>メモリを検索</translation>
    </message>
    <message>
        <source>&amp;History…</source>
        <translation>履歴…</translation>
    </message>
    <message>
        <source>Every change of this assistant&apos;s fixed and dynamic memory — when, who, what — with Revert</source>
        <translation>このアシスタントの固定メモリと動的メモリのすべての変更（いつ、誰が、何を）と元に戻す操作</translation>
    </message>
    <message>
        <source>History…</source>
        <translation>履歴…</translation>
    </message>
    <message>
        <source>More memory actions</source>
        <translation>その他のメモリ操作</translation>
    </message>
    <message>
        <source>Import, Import from another assistant, Export, Copy, Clear</source>
        <translation>インポート、他のアシスタントからインポート、エクスポート、コピー、クリア</translation>
    </message>
    <message>
        <source>Fixed memory entries</source>
        <translation>固定メモリの項目</translation>
    </message>
    <message>
        <source>&amp;Edit entry</source>
        <translation>項目を編集</translation>
    </message>
    <message>
        <source>Edit the selected entry in place (Enter or double-click; Enter saves, Esc cancels)</source>
        <translation>選択した項目をその場で編集します（Enter またはダブルクリック。Enter で保存、Esc でキャンセル）</translation>
    </message>
    <message>
        <source>Mark as &amp;trusted</source>
        <translation>信頼済みにする</translation>
    </message>
    <message>
        <source>Clear the untrusted mark of the selected entry</source>
        <translation>選択した項目の「未信頼」の印を外します</translation>
    </message>
    <message>
        <source>Copy entry &amp;text</source>
        <translation>項目のテキストをコピー</translation>
    </message>
    <message>
        <source>&amp;Delete entry</source>
        <translation>項目を削除</translation>
    </message>
    <message>
        <source>Delete the selected entry; the ones after it renumber (Del)</source>
        <translation>選択した項目を削除します。後ろの項目は番号が振り直されます（Del）</translation>
    </message>
    <message>
        <source>&amp;Pause / resume entry</source>
        <translation>項目を一時停止 / 再開</translation>
    </message>
    <message>
        <source>A paused entry stays here but is not sent to the model and not offered to its memory tools (Ctrl+P toggles)</source>
        <translation>一時停止した項目はここに残りますが、モデルには送られず、メモリツールにも渡されません（Ctrl+P で切り替え）</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>読み込み中…</translation>
    </message>
    <message>
        <source>Filter entries…</source>
        <translation>項目を絞り込む…</translation>
    </message>
    <message>
        <source>Filter fixed memory entries</source>
        <translation>固定メモリの項目を絞り込む</translation>
    </message>
    <message>
        <source>Mark as trusted</source>
        <translation>信頼済みにする</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>削除</translation>
    </message>
    <message numerus="yes">
        <source>%Ln entry(ies)</source>
        <translation><numerusform>%Ln 件</numerusform></translation>
    </message>
    <message>
        <source>%1 of %2 match</source>
        <translation>%2 のうち %1 件が一致</translation>
    </message>
    <message>
        <source>%1 · %2 untrusted</source>
        <translation>%1 · 未信頼の項目 %2 件</translation>
    </message>
    <message>
        <source>This assistant no longer exists.</source>
        <translation>このアシスタントはもう存在しません。</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>メモリ</translation>
    </message>
    <message>
        <source>Memory — %1</source>
        <translation>メモリ — %1</translation>
    </message>
    <message>
        <source>Memory · %1</source>
        <translation>メモリ · %1</translation>
    </message>
    <message>
        <source>No entry matches “%1”.</source>
        <translation>「%1」に一致する項目はありません。</translation>
    </message>
    <message>
        <source>Assistant memory</source>
        <translation>アシスタントのメモリ</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Fixed memory&lt;/b&gt; belongs to you: facts, preferences and standing instructions this assistant sees in every chat.&lt;/p&gt;&lt;p&gt;The assistant can add or correct entries itself with its built-in memory tool (it must quote the current text before changing one). Automatic summarization and the memory dream read it but never rewrite it.&lt;/p&gt;&lt;p&gt;Cards show who wrote each entry: &lt;i&gt;owner&lt;/i&gt; (you), &lt;i&gt;dream&lt;/i&gt; or &lt;i&gt;agent&lt;/i&gt; (the model). An entry the model wrote right after reading web or plugin output is marked &lt;i&gt;untrusted&lt;/i&gt; and is sent as data, not as instructions, until you mark it trusted.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;固定メモリ&lt;/b&gt;はあなたのものです：このアシスタントがすべてのチャットで参照する事実、好み、継続的な指示です。&lt;/p&gt;&lt;p&gt;アシスタントは内蔵のメモリツールで項目を追加・修正できます（変更する前に現在のテキストを引用する必要があります）。自動要約とドリームはこれを読みますが、書き換えることはありません。&lt;/p&gt;&lt;p&gt;カードには各項目を書いたのが誰かが表示されます：&lt;i&gt;オーナー&lt;/i&gt;（あなた）、&lt;i&gt;ドリーム由来&lt;/i&gt;、&lt;i&gt;モデル記入&lt;/i&gt;（モデル）。モデルがウェブやプラグインの出力を読んだ直後に書いた項目は&lt;i&gt;未信頼&lt;/i&gt;と表示され、信頼済みにするまで指示ではなくデータとして送られます。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Off: no memory is sent with requests, no dream runs and the model gets no memory tools.</source>
        <translation>オフ：リクエストにメモリを送らず、ドリームも実行せず、モデルはメモリツールを使えません。</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Memory on / off&lt;/b&gt; is this assistant&apos;s master switch.&lt;/p&gt;&lt;p&gt;When it is off, no fixed or dynamic memory is sent with any request, no memory dream runs for this assistant and the model is not offered its memory tools. Your entries stay here untouched, and topic compaction (Chat Preference) keeps working as before.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;メモリのオン / オフ&lt;/b&gt;は、このアシスタントのメインスイッチです。&lt;/p&gt;&lt;p&gt;オフのときは、どのリクエストにも固定メモリや動的メモリを送らず、このアシスタントのドリームも実行せず、モデルにメモリツールも渡しません。項目はそのまま残り、トピックの圧縮（チャット設定）はこれまでどおり動作します。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>M&amp;emory on</source>
        <translation>メモリ：オン</translation>
    </message>
    <message>
        <source>M&amp;emory off</source>
        <translation>メモリ：オフ</translation>
    </message>
    <message>
        <source>M&amp;emory</source>
        <translation>メモリ</translation>
    </message>
    <message>
        <source>Your fixed memory and dream cards are sent with every chat; the dream runs and the model may use its memory tools.</source>
        <translation>固定メモリとドリームカードが毎回のチャットで送られます。ドリームが実行され、モデルはメモリツールを使えます。</translation>
    </message>
    <message>
        <source>Nothing is sent with your chats, no dream runs and the model gets no memory tools. Your entries stay here.</source>
        <translation>チャットには何も送られず、ドリームも実行されず、モデルはメモリツールを使えません。項目はここに残ります。</translation>
    </message>
    <message>
        <source>Whether this assistant&apos;s memory is sent with its chats.</source>
        <translation>このアシスタントのメモリをチャットで送るかどうか。</translation>
    </message>
    <message>
        <source>Facts, preferences and standing instructions this assistant sees in every chat. You own them.</source>
        <translation>このアシスタントがすべてのチャットで参照する事実、好み、継続的な指示。管理するのはあなたです。</translation>
    </message>
    <message>
        <source>No fixed memory yet.
Use Add memory (Ctrl+N), or ask the assistant to remember something.</source>
        <translation>固定メモリはまだありません。
「メモリを追加」（Ctrl+N）を使うか、アシスタントに何か覚えてもらいましょう。</translation>
    </message>
    <message>
        <source>No fixed memory yet: add an entry, or ask the assistant to remember something.</source>
        <translation>固定メモリはまだありません：項目を追加するか、アシスタントに何か覚えてもらいましょう。</translation>
    </message>
    <message>
        <source>What the assistant learns by itself: a scheduled dream turns a day&apos;s chats into a dated card.</source>
        <translation>アシスタントが自分で学ぶ内容：予定ドリームが 1 日のチャットを日付付きのドリームカードにします。</translation>
    </message>
    <message>
        <source>Keeps a snippet of each topic&apos;s summary for later requests and the dream.</source>
        <translation>各トピックの要約の抜粋を、後のリクエストとドリームのために残します。</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Topic snippets&lt;/b&gt; keeps a short snippet of each topic&apos;s summary so later requests and the memory dream can reuse it.&lt;/p&gt;&lt;p&gt;Snippets come from compaction summaries, which need Limit history messages and Summarize history under Chat Preference; topics without a summary still reach the dream through an excerpt of their recent messages.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;トピックの抜粋&lt;/b&gt;は、各トピックの要約の短い抜粋を残し、後のリクエストやドリームで再利用できるようにします。&lt;/p&gt;&lt;p&gt;抜粋は圧縮の要約から作られます。これにはチャット設定の「履歴メッセージを制限」と「履歴を要約」が必要です。要約のないトピックも、最近のメッセージの抜粋でドリームに反映されます。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Fold the Dreaming memory group to this line, giving fixed memory the page (click again to unfold)</source>
        <translation>ドリームメモリをこの 1 行にたたみ、ページを固定メモリに譲ります（もう一度クリックで展開）</translation>
    </message>
    <message>
        <source>Dreaming memory</source>
        <translation>ドリームメモリ</translation>
    </message>
    <message>
        <source>&amp;Topic snippets</source>
        <translation>トピックの抜粋</translation>
    </message>
    <message>
        <source>Fold dreaming memory</source>
        <translation>ドリームメモリをたたむ</translation>
    </message>
    <message>
        <source>Show dreaming memory</source>
        <translation>ドリームメモリを表示</translation>
    </message>
    <message>
        <source>Dated cards the dream wrote; the model sees them after fixed memory. Only the dream adds cards.</source>
        <translation>ドリームが書いた日付付きのカード。モデルは固定メモリの後に参照します。カードを追加するのはドリームだけです。</translation>
    </message>
    <message>
        <source>No dream cards yet.</source>
        <translation>ドリームカードはまだありません。</translation>
    </message>
    <message>
        <source>Dream now (Ctrl+Shift+D) reads a past day you chatted on.</source>
        <translation>「今すぐドリーム」（Ctrl+Shift+D）はチャットした過去の日を読みます。</translation>
    </message>
    <message>
        <source>Today&apos;s chats become a card %1.</source>
        <translation>今日のチャットは%1にカードになります。</translation>
    </message>
    <message>
        <source>A card covers one finished UTC day, so today&apos;s chats (%1) can become one from 00:00 UTC tomorrow at the earliest.</source>
        <translation>カードは終わった UTC の 1 日分なので、今日のチャット（%1）がカードになるのは早くても明日の 00:00 UTC からです。</translation>
    </message>
    <message>
        <source>A card covers one finished UTC day: today&apos;s chats (%1) get theirs %2.</source>
        <translation>カードは終わった UTC の 1 日分です：今日のチャット（%1）のカードは%2に作られます。</translation>
    </message>
    <message>
        <source>The schedule is off: choose Daily above and Save.</source>
        <translation>スケジュールはオフです：上で「毎日」を選んで保存してください。</translation>
    </message>
    <message numerus="yes">
        <source>%n past day(s) can be dreamed now — choose one and press Dream now.</source>
        <translation><numerusform>過去の %n 日分を今すぐドリームできます — 日を選んで「今すぐドリーム」を押してください。</numerusform></translation>
    </message>
    <message>
        <source>Dreaming now — its card appears here when the dream is done.</source>
        <translation>ドリームを実行中です。終わるとカードがここに表示されます。</translation>
    </message>
    <message>
        <source>The next Weekly run, %1, reads %2.</source>
        <translation>次の毎週の実行（%1）は %2を読みます。</translation>
    </message>
    <message>
        <source>A card covers one finished UTC day, and a Weekly run reads only the day before it: the next one, %1, reads %2. Choose Daily above for a card from today&apos;s chats.</source>
        <translation>カードは終わった UTC の 1 日分で、毎週の実行はその前日だけを読みます：次回（%1）は %2を読みます。今日のチャットからカードを作るには、上で「毎日」を選んでください。</translation>
    </message>
    <message>
        <source> The earliest possible is 00:00 UTC: set that time above to get it then.</source>
        <translation>最も早いのは 00:00 UTC です。その時刻に作るには上でその時刻を設定してください。</translation>
    </message>
    <message>
        <source>ChatHub has to be open then, in its window or the tray; a run missed while it is closed happens at the next start.</source>
        <translation>その時刻に ChatHub が（ウィンドウかトレイで）開いている必要があります。閉じている間に逃した実行は次回の起動時に行われます。</translation>
    </message>
    <message>
        <source>Dynamic memory</source>
        <translation>動的メモリ</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>コピー</translation>
    </message>
    <message>
        <source>Copy every card as shown — #N, date and text — to the clipboard (Ctrl+Shift+C)</source>
        <translation>すべてのカードを表示どおり（#N、日付、テキスト）クリップボードにコピーします（Ctrl+Shift+C）</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>クリア</translation>
    </message>
    <message>
        <source>Remove every dream card (asks first; Restore previous version brings them back)</source>
        <translation>すべてのドリームカードを削除します（先に確認します。「前のバージョンに戻す」で元に戻せます）</translation>
    </message>
    <message>
        <source>Undo the last change to the dream cards (restore again to redo it)</source>
        <translation>ドリームカードへの直前の変更を取り消します（もう一度戻すとやり直します）</translation>
    </message>
    <message>
        <source>Dynamic memory cards</source>
        <translation>動的メモリのカード</translation>
    </message>
    <message>
        <source>&amp;Edit card</source>
        <translation>カードを編集</translation>
    </message>
    <message>
        <source>Edit the selected card&apos;s text in place (Enter; Enter saves, Shift+Enter new line, Esc cancels)</source>
        <translation>選択したカードのテキストをその場で編集します（Enter。Enter で保存、Shift+Enter で改行、Esc でキャンセル）</translation>
    </message>
    <message>
        <source>&amp;Regenerate</source>
        <translation>再生成</translation>
    </message>
    <message>
        <source>Dream over the selected card&apos;s day again and replace its text (Ctrl+R)</source>
        <translation>選択したカードの日についてもう一度ドリームし、テキストを置き換えます（Ctrl+R）</translation>
    </message>
    <message>
        <source>&amp;Copy card text</source>
        <translation>カードのテキストをコピー</translation>
    </message>
    <message>
        <source>Copy the selected card&apos;s text (Ctrl+C)</source>
        <translation>選択したカードのテキストをコピーします（Ctrl+C）</translation>
    </message>
    <message>
        <source>&amp;Delete card</source>
        <translation>カードを削除</translation>
    </message>
    <message>
        <source>Deleted elsewhere: %1. Your text is on the clipboard.</source>
        <translation>別の場所で削除されました：%1。あなたのテキストはクリップボードにあります。</translation>
    </message>
    <message>
        <source>Delete %1?

%2

Restore previous version undoes this.</source>
        <translation>%1を削除しますか？

%2

「前のバージョンに戻す」で元に戻せます。</translation>
    </message>
    <message>
        <source>Deleted %1</source>
        <translation>%1を削除しました</translation>
    </message>
    <message>
        <source>Delete %1</source>
        <translation>%1を削除</translation>
    </message>
    <message>
        <source>Resumed %1: it is sent again</source>
        <translation>%1を再開しました：再び送信されます</translation>
    </message>
    <message>
        <source>Paused %1: kept, not sent</source>
        <translation>%1を一時停止しました：保持し、送信しません</translation>
    </message>
    <message>
        <source>Pause %1</source>
        <translation>%1を一時停止</translation>
    </message>
    <message>
        <source>Copied the text of %1</source>
        <translation>%1のテキストをコピーしました</translation>
    </message>
    <message>
        <source>E&amp;xpand / fold range card</source>
        <translation>範囲カードを展開 / たたむ</translation>
    </message>
    <message>
        <source>Show the days folded into the selected range card, or fold them again (Space)</source>
        <translation>選択した範囲カードにまとめられた日を表示、またはたたみます（Space）</translation>
    </message>
    <message>
        <source>&amp;Pause / resume card</source>
        <translation>カードを一時停止 / 再開</translation>
    </message>
    <message>
        <source>A paused card stays here but is not sent to the model and not offered to its memory search (Ctrl+P toggles)</source>
        <translation>一時停止したカードはここに残りますが、モデルには送られず、メモリ検索にも渡されません（Ctrl+P で切り替え）</translation>
    </message>
    <message>
        <source>&amp;Cards</source>
        <translation>カード</translation>
    </message>
    <message>
        <source>Dream cards waiting for your accept or discard (dream review)</source>
        <translation>承認または破棄を待っているドリームカード（ドリームの確認）</translation>
    </message>
    <message>
        <source>Dream now</source>
        <translation>今すぐドリーム</translation>
    </message>
    <message>
        <source>A memory dream is running</source>
        <translation>ドリームを実行中です</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop this dream (Esc); nothing of it is stored</source>
        <translation>このドリームを停止します（Esc）。何も保存されません</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>再生成</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>編集</translation>
    </message>
    <message numerus="yes">
        <source>%Ln card(s)</source>
        <translation><numerusform>カード %Ln 枚</numerusform></translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Dynamic memory&lt;/b&gt; holds the dream cards — what the memory dream has learned: numbered cards, each tagged with the UTC day — or range of days — it came from. The model sees them after fixed memory.&lt;/p&gt;&lt;p&gt;Edit a card (Enter or double-click) or delete it (Del). A range card is folded to one line: click it or press Space to read its days; click its header, with the chevron, to fold it again. &lt;b&gt;Regenerate&lt;/b&gt; (the refresh icon, Ctrl+R) runs the dream again for that card&apos;s day only; range cards and old undated blobs cannot be regenerated. In the &lt;b&gt;…&lt;/b&gt; menu, &lt;b&gt;Copy all dream cards&lt;/b&gt; (Ctrl+Shift+C) puts exactly the text you see on the clipboard, &lt;b&gt;Clear all dream cards&lt;/b&gt; removes every card, and &lt;b&gt;Restore previous version&lt;/b&gt; undoes the last change (restoring again redoes it).&lt;/p&gt;&lt;p&gt;There is no Add: only the dream writes dated cards. A new card that mostly repeats an existing one is skipped. &lt;b&gt;Keep dream cards&lt;/b&gt; counts single-day cards only: the days older than those are merged into the range card.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;動的メモリ&lt;/b&gt;はドリームカードの置き場所です。ドリームが学んだ内容が番号付きのカードになり、それぞれ元になった UTC の日付（または日付の範囲）が付いています。モデルは固定メモリの後にこれを参照します。&lt;/p&gt;&lt;p&gt;カードは編集（Enter またはダブルクリック）や削除（Del）ができます。範囲カードは 1 行にたたまれています。クリックするか Space を押すと各日を表示し、矢印のある見出し行をクリックすると再びたたみます。&lt;b&gt;再生成&lt;/b&gt;（更新アイコン、Ctrl+R）はそのカードの日だけドリームをやり直します。範囲カードや日付のない古いテキストは再生成できません。&lt;b&gt;…&lt;/b&gt; メニューの&lt;b&gt;すべてのドリームカードをコピー&lt;/b&gt;（Ctrl+Shift+C）は表示どおりのテキストをクリップボードに入れ、&lt;b&gt;すべてのドリームカードをクリア&lt;/b&gt;はすべてのカードを削除し、&lt;b&gt;前のバージョンに戻す&lt;/b&gt;は直前の変更を取り消します（もう一度戻すとやり直します）。&lt;/p&gt;&lt;p&gt;「追加」はありません：日付付きのカードを書くのはドリームだけです。既存のカードとほぼ同じ新しいカードはスキップされます。&lt;b&gt;残すドリームカード数&lt;/b&gt;は単日カードだけを数えます。それより古い日は範囲カードにまとめられます。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;Copy all dream cards</source>
        <translation>すべてのドリームカードをコピー</translation>
    </message>
    <message>
        <source>&amp;Restore previous version</source>
        <translation>前のバージョンに戻す</translation>
    </message>
    <message>
        <source>C&amp;lear all dream cards…</source>
        <translation>すべてのドリームカードをクリア…</translation>
    </message>
    <message>
        <source>More dream card actions</source>
        <translation>その他のドリームカード操作</translation>
    </message>
    <message>
        <source>Copy all dream cards, Restore previous version, Clear all dream cards</source>
        <translation>すべてのドリームカードをコピー、前のバージョンに戻す、すべてのドリームカードをクリア</translation>
    </message>
    <message>
        <source>Another change is still being written.</source>
        <translation>別の変更をまだ書き込み中です。</translation>
    </message>
    <message>
        <source>There is no dream card yet.</source>
        <translation>ドリームカードはまだありません。</translation>
    </message>
    <message>
        <source>Open the Cards tab and select a card first.</source>
        <translation>先に「カード」タブを開いてカードを選択してください。</translation>
    </message>
    <message>
        <source>A card of several days cannot be dreamt again: only a single day&apos;s card can.</source>
        <translation>複数日のカードはドリームし直せません：できるのは単日カードだけです。</translation>
    </message>
    <message>
        <source>Memory is off for this assistant.</source>
        <translation>このアシスタントのメモリはオフです。</translation>
    </message>
    <message>
        <source>A dream is running.</source>
        <translation>ドリームを実行中です。</translation>
    </message>
    <message>
        <source>Nothing to restore yet: no change to the dream cards.</source>
        <translation>まだ戻せるものはありません：ドリームカードは変更されていません。</translation>
    </message>
    <message>
        <source>Every finished day with messages already has a card: Regenerate (↻) a card to dream over its day again</source>
        <translation>メッセージのある終了済みの日にはすべてカードがあります：カードを再生成（↻）すると、その日をもう一度ドリームします</translation>
    </message>
    <message>
        <source>No finished day has messages yet: a dream reads a whole UTC day once it is over, so the first card can come tomorrow</source>
        <translation>メッセージのある終わった日がまだありません。ドリームは UTC の一日が終わってからその日全体を読むので、最初のカードは明日からです</translation>
    </message>
    <message>
        <source>Dream over %1 (UTC, the day chosen beside) now and add its card (Ctrl+Shift+D). This is not a scheduled run.</source>
        <translation>%1（UTC、横で選んだ日）について今すぐドリームし、そのカードを追加します（Ctrl+Shift+D）。予定された実行ではありません。</translation>
    </message>
    <message>
        <source>Memory is off for this assistant: turn it on to dream</source>
        <translation>このアシスタントのメモリはオフです：ドリームするにはオンにしてください</translation>
    </message>
    <message>
        <source>Dream: %1</source>
        <translation>ドリーム：%1</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>オフ</translation>
    </message>
    <message numerus="yes">
        <source>%Ln proposal(s) to review</source>
        <translation><numerusform>確認待ちの提案 %Ln 件</numerusform></translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Memory dream&lt;/b&gt; runs by itself while ChatHub is open — in its window or tucked away in the system tray. Choose Off, Daily, or Weekly on one weekday; the time is a UTC time of day.&lt;/p&gt;&lt;p&gt;Each run looks at the topics you were active in on the UTC day before it fires (Weekly too): a topic&apos;s compaction summary when it has one, otherwise a short excerpt of that day&apos;s own messages. The History Compress model (Settings → System Agent) turns that into one dated card about how you work with this assistant — tone, formats, tool habits, standing preferences. It is not a recap of the day, and your topics are never compacted or changed by it.&lt;/p&gt;&lt;p&gt;A run missed while ChatHub was closed happens once at the next start. Below the form you see the latest scheduled run; when it failed, its reason is shown and the run is tried again on a later cycle. Dream now and Regenerate are not scheduled runs and never appear there.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;予定ドリーム&lt;/b&gt;は ChatHub が開いている間（ウィンドウでもシステムトレイでも）自動で実行されます。オフ、毎日、または毎週の曜日を選びます。時刻は UTC の時刻です。&lt;/p&gt;&lt;p&gt;各実行は、実行する前の UTC の 1 日にやり取りしたトピックを見ます（毎週も同じ）：圧縮の要約があればそれを、なければその日のメッセージの短い抜粋を使います。History Compress モデル（設定 → システムエージェント）がそれを、このアシスタントとの進め方（口調、形式、ツールの使い方、継続的な好み）についての日付付きのドリームカード 1 枚にまとめます。1 日の要約ではなく、トピックが圧縮・変更されることもありません。&lt;/p&gt;&lt;p&gt;ChatHub が閉じている間に逃した実行は、次回の起動時に 1 回行われます。フォームの下に最新の予定実行が表示されます。失敗した場合は理由が表示され、後のサイクルで再試行されます。「今すぐドリーム」と「再生成」は予定実行ではないため、そこには表示されません。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Keep dream cards&lt;/b&gt; (1–90, default 14) is how many single-day cards are kept as they are. Older ones beyond that are merged into a single range card dated &lt;i&gt;first day – last day&lt;/i&gt;.&lt;/p&gt;&lt;p&gt;Saving the form stores the number and merges right away, in one write, by joining the older cards&apos; text. When the dream next runs it may condense a range with the History Compress model, staying under 6,400 characters; a single-day card stays under 3,200.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;残すドリームカード数&lt;/b&gt;（1–90、既定 14）は、そのまま残す単日カードの数です。それを超えた古いカードは、&lt;i&gt;最初の日 – 最後の日&lt;/i&gt;の日付を持つ 1 枚の範囲カードにまとめられます。&lt;/p&gt;&lt;p&gt;フォームを保存すると数が保存され、古いカードのテキストをつなげて 1 回の書き込みですぐにまとめます。次にドリームが実行されるとき、History Compress モデルで範囲カードを 6,400 文字以内に要約することがあります。単日カードは 3,200 文字以内です。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Runs while ChatHub is open (window or tray) and reads the UTC day before it.</source>
        <translation>ChatHub が（ウィンドウかトレイで）開いている間に実行し、その前の UTC の 1 日を読みます。</translation>
    </message>
    <message>
        <source>Older single-day cards are merged into one range card.</source>
        <translation>古い単日カードは 1 枚の範囲カードにまとめられます。</translation>
    </message>
    <message>
        <source>added a card</source>
        <translation>カードを追加しました</translation>
    </message>
    <message>
        <source>found nothing new</source>
        <translation>新しい内容はありませんでした</translation>
    </message>
    <message>
        <source>skipped a card that repeated an existing one</source>
        <translation>既存のカードと重複するカードをスキップしました</translation>
    </message>
    <message>
        <source>the day already had a card</source>
        <translation>その日にはすでにカードがありました</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失敗しました</translation>
    </message>
    <message>
        <source>running…</source>
        <translation>実行中…</translation>
    </message>
    <message>
        <source>Daily at %1 UTC</source>
        <translation>毎日 %1 UTC</translation>
    </message>
    <message>
        <source>Weekly on %1 at %2 UTC</source>
        <translation>毎週%1 %2 UTC</translation>
    </message>
    <message>
        <source>%1 %2 in %3</source>
        <translation>%3 で %1 %2</translation>
    </message>
    <message>
        <source>%1 in %2</source>
        <translation>%2 で %1</translation>
    </message>
    <message>
        <source>it stopped without finishing %1 (its process ended); the next check retries it</source>
        <comment>%1: when, e.g. today at 15:02 in Berlin (14:02 UTC)</comment>
        <translation>%1に完了せずに停止しました（プロセスが終了）。次の確認で再試行します</translation>
    </message>
    <message>
        <source>no sign of life since %1; taken over from %2 if it stays silent</source>
        <translation>%1から応答がありません。応答がないままなら%2から引き継ぎます</translation>
    </message>
    <message>
        <source>the previous run stopped without finishing %1; retried</source>
        <translation>前回の実行は%1に完了せずに停止しました。再試行しました</translation>
    </message>
    <message>
        <source>Type the time as HH:MM in 24-hour UTC, e.g. 02:00.</source>
        <translation>時刻は 24 時間制の UTC で HH:MM と入力してください（例：02:00）。</translation>
    </message>
    <message>
        <source>Daily</source>
        <translation>毎日</translation>
    </message>
    <message>
        <source>Weekly</source>
        <translation>毎週</translation>
    </message>
    <message>
        <source>How often the memory dream runs by itself: Off, Daily, or Weekly on one weekday</source>
        <translation>ドリームが自動で実行される頻度：オフ、毎日、または毎週の曜日</translation>
    </message>
    <message>
        <source>on</source>
        <comment>a weekly dream: on &lt;weekday&gt;</comment>
        <translation>曜日：</translation>
    </message>
    <message>
        <source>The UTC weekday of a weekly dream (it reads the day before)</source>
        <translation>毎週のドリームの UTC の曜日（その前日を読みます）</translation>
    </message>
    <message>
        <source>at</source>
        <comment>a dream: at &lt;time&gt; UTC</comment>
        <translation>時刻：</translation>
    </message>
    <message>
        <source>HH:MM</source>
        <translation>HH:MM</translation>
    </message>
    <message>
        <source>Time of day in UTC, 24-hour HH:MM (e.g. 02:00). Enter saves.</source>
        <translation>UTC の時刻、24 時間制の HH:MM（例：02:00）。Enter で保存します。</translation>
    </message>
    <message>
        <source>Single-day cards kept before the oldest are merged into one range card (%1–%2, default %3); Save merges at once</source>
        <translation>最も古いカードが範囲カードにまとめられる前に残す単日カードの数（%1–%2、既定 %3）。保存するとすぐにまとめます</translation>
    </message>
    <message>
        <source>Save dream schedule</source>
        <translation>ドリームのスケジュールを保存</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Store the schedule and Keep dream cards (Ctrl+S in this form); extra cards are merged in the same write</source>
        <translation>スケジュールと残すドリームカード数を保存します（このフォームで Ctrl+S）。余分なカードは同じ書き込みでまとめられます</translation>
    </message>
    <message>
        <source>Not saved yet: press Save below to use this schedule.</source>
        <translation>まだ保存していません：下の「保存」を押すとこのスケジュールを使います。</translation>
    </message>
    <message>
        <source>Every %1 at %2 UTC</source>
        <translation>毎週%1 UTC %2</translation>
    </message>
    <message>
        <source>Every day at %1 UTC</source>
        <translation>毎日 UTC %1</translation>
    </message>
    <message>
        <source>today</source>
        <translation>今日</translation>
    </message>
    <message>
        <source>yesterday</source>
        <translation>昨日</translation>
    </message>
    <message>
        <source>tomorrow</source>
        <translation>明日</translation>
    </message>
    <message>
        <source>%1 at %2 UTC</source>
        <comment>a dream&apos;s time: its day (yesterday, today, tomorrow or a date), then the UTC time</comment>
        <translation>%1 UTC %2</translation>
    </message>
    <message>
        <source>(%1 UTC)</source>
        <comment>the UTC time beside the user&apos;s</comment>
        <translation>（UTC %1）</translation>
    </message>
    <message>
        <source>%1 at %2 in %3 %4</source>
        <comment>a dream&apos;s time: its day (yesterday, today, tomorrow or a date), the user&apos;s time and place, then the UTC time in brackets, e.g. (02:00 UTC)</comment>
        <translation>%1 %3 で %2%4</translation>
    </message>
    <message>
        <source>When the schedule fires next, in your time with UTC beside it; it dreams over the UTC day before</source>
        <translation>スケジュールが次に実行される時刻（あなたの時刻、横に UTC）。その前の UTC の 1 日についてドリームします</translation>
    </message>
    <message>
        <source>Memory &amp;dream</source>
        <translation>予定ドリーム</translation>
    </message>
    <message>
        <source>&amp;Keep dream cards</source>
        <translation>残すドリームカード数</translation>
    </message>
    <message>
        <source>The latest scheduled dream: when it ran, how it ended and, if it failed, why (it is retried later)</source>
        <translation>最新の予定ドリーム：いつ実行され、どう終わったか、失敗した場合はその理由（後で再試行されます）</translation>
    </message>
    <message>
        <source>Put the schedule and Keep dream cards back as they are stored</source>
        <translation>スケジュールと残すドリームカード数を保存済みの値に戻します</translation>
    </message>
    <message>
        <source>%1, on the next firing day (%2)</source>
        <translation>%1、次の実行日（%2）</translation>
    </message>
    <message>
        <source>Keep fewer dream cards</source>
        <translation>残すドリームカードを減らす</translation>
    </message>
    <message numerus="yes">
        <source>Keeping %n dream card(s) folds older ones into a range card (by joining their text; the next dream may re-summarize it):</source>
        <translation><numerusform>ドリームカードを %n 枚残すと、古いカードは範囲カードにまとめられます（テキストをつなげます。次のドリームで要約し直すことがあります）：</numerusform></translation>
    </message>
    <message>
        <source>Last scheduled run: %1, over %2 (UTC) — </source>
        <comment>%1 when it ran, as &apos;today at 15:30 in Berlin (14:30 UTC)&apos;; %2 the UTC day it read</comment>
        <translation>最新の予定実行：%1、%2（UTC）について — </translation>
    </message>
    <message>
        <source>Added</source>
        <translation>追加</translation>
    </message>
    <message>
        <source>Folded into the range card</source>
        <translation>範囲カードにまとめる</translation>
    </message>
    <message>
        <source>Range card rewritten</source>
        <translation>範囲カードを書き直す</translation>
    </message>
    <message>
        <source>Saved: %1 · keep %2 cards</source>
        <translation>保存しました：%1 · カード %2 枚を残す</translation>
    </message>
    <message>
        <source>Memory is off for this assistant, so no dream runs for it.</source>
        <translation>このアシスタントのメモリはオフなので、ドリームは実行されません。</translation>
    </message>
    <message>
        <source>Not saved yet.</source>
        <translation>まだ保存していません。</translation>
    </message>
    <message>
        <source>The schedule is off: no dream runs by itself. Dream now still works.</source>
        <translation>スケジュールはオフです：ドリームは自動では実行されません。「今すぐドリーム」は使えます。</translation>
    </message>
    <message>
        <source>%1. Next dream: %2.</source>
        <translation>%1。次のドリーム：%2。</translation>
    </message>
    <message>
        <source> Dreams are paused (tray menu → Pause dreams).</source>
        <translation>ドリームは一時停止中です（トレイメニュー → ドリームを一時停止）。</translation>
    </message>
    <message>
        <source>Last scheduled run: none yet.</source>
        <translation>最新の予定実行：まだありません。</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>停止しました</translation>
    </message>
    <message>
        <source>no reason was recorded</source>
        <translation>理由は記録されていません</translation>
    </message>
    <message>
        <source> It is tried again from %1.</source>
        <translation>%1以降に再試行されます。</translation>
    </message>
    <message>
        <source> It is tried again on the next cycle.</source>
        <translation>次のサイクルで再試行されます。</translation>
    </message>
    <message>
        <source>No dream card waits for review.</source>
        <translation>確認を待っているドリームカードはありません。</translation>
    </message>
    <message>
        <source>With review on, each dream&apos;s new card waits here until you accept or discard it.</source>
        <translation>確認をオンにすると、ドリームの新しいカードは承認か破棄されるまでここで待ちます。</translation>
    </message>
    <message>
        <source>Dream cards waiting for you to accept or discard them.</source>
        <translation>承認か破棄を待っているドリームカード。</translation>
    </message>
    <message>
        <source>On: each dream&apos;s new card (and any fold of older cards) waits in Proposals until you accept or discard it. Off: dreams add their cards at once.</source>
        <translation>オン：各ドリームの新しいカード（と古いカードのまとめ）は、承認か破棄をするまで「提案」で待ちます。オフ：ドリームはすぐにカードを追加します。</translation>
    </message>
    <message>
        <source>Enter accepts · Shift+Enter new line · Esc cancels</source>
        <translation>Enter で承認 · Shift+Enter で改行 · Esc でキャンセル</translation>
    </message>
    <message>
        <source>Dream &amp;proposals (%1)…</source>
        <translation>ドリームの提案（%1）…</translation>
    </message>
    <message>
        <source>Dream &amp;proposals…</source>
        <translation>ドリームの提案…</translation>
    </message>
    <message>
        <source>&amp;Proposals (%1)</source>
        <translation>提案（%1）</translation>
    </message>
    <message>
        <source>&amp;Proposals</source>
        <translation>提案</translation>
    </message>
    <message>
        <source>, </source>
        <comment>between days in a list</comment>
        <translation>、</translation>
    </message>
    <message>
        <source>The range card is re-summarized by the History Compress model.</source>
        <translation>範囲カードは History Compress モデルで要約し直されます。</translation>
    </message>
    <message>
        <source>The range card joins the folded cards&apos; text.</source>
        <translation>範囲カードはまとめたカードのテキストをつなげたものになります。</translation>
    </message>
    <message>
        <source> · folds into a range card</source>
        <translation> · 範囲カードにまとめる</translation>
    </message>
    <message>
        <source>%1 · can&apos;t be added</source>
        <translation>%1 · 追加できません</translation>
    </message>
    <message>
        <source>Accepting adds the card for %1.</source>
        <translation>承認すると %1のカードが追加されます。</translation>
    </message>
    <message>
        <source>Accepting adds the card for %1 and folds it into a new range card for %2.</source>
        <translation>承認すると %1のカードが追加され、%2の新しい範囲カードにまとめられます。</translation>
    </message>
    <message>
        <source>Accepting adds the card for %1 and folds it into the range %2 (now %3).</source>
        <translation>承認すると %1のカードが追加され、範囲 %2にまとめられます（範囲は %3になります）。</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <comment>the first and last of many folded cards&apos; days</comment>
        <translation>%1～%2</translation>
    </message>
    <message numerus="yes">
        <source>%n older card(s) (%1) fold into a new range card for %2.</source>
        <translation><numerusform>古いカード %n 枚（%1）が %2の新しい範囲カードにまとめられます。</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n older card(s) (%1) fold into the range %2 (now %3).</source>
        <translation><numerusform>古いカード %n 枚（%1）が範囲 %2にまとめられます（範囲は %3になります）。</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>The dynamic memory keeps %n card(s).</source>
        <translation><numerusform>動的メモリのカードは %n 枚のままです。</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>The dynamic memory goes from %1 to %n card(s).</source>
        <translation><numerusform>動的メモリのカードは %1 枚から %n 枚になります。</numerusform></translation>
    </message>
    <message>
        <source>%1. Discard it to clear it from the list.</source>
        <translation>%1。破棄するとリストから消えます。</translation>
    </message>
    <message>
        <source>Card for %1:</source>
        <translation>%1のカード：</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Proposals&lt;/b&gt; are dream cards waiting for your review.&lt;/p&gt;&lt;p&gt;With &lt;i&gt;Review new dream cards before they are kept&lt;/i&gt; on, a dream does not add its card (or fold older cards) at once: the card waits here. &lt;b&gt;Accept&lt;/b&gt; adds it to the dynamic memory as the dream would have; &lt;b&gt;Discard&lt;/b&gt; drops it and the dynamic memory stays as it is (&lt;b&gt;Undo&lt;/b&gt;, offered for a few seconds, brings it back).&lt;/p&gt;&lt;p&gt;A card for a day that already has a card, or that the range card already covers, can&apos;t be added: its row says so; discard it.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;提案&lt;/b&gt;は確認を待っているドリームカードです。&lt;/p&gt;&lt;p&gt;&lt;i&gt;新しいドリームカードを残す前に確認する&lt;/i&gt;をオンにすると、ドリームはカードをすぐには追加せず（古いカードもまとめません）、カードはここで待ちます。&lt;b&gt;承認&lt;/b&gt;するとドリームと同じように動的メモリに追加され、&lt;b&gt;破棄&lt;/b&gt;すると捨てられて動的メモリはそのままです（数秒間表示される&lt;b&gt;元に戻す&lt;/b&gt;で取り戻せます）。&lt;/p&gt;&lt;p&gt;すでにカードがある日や、範囲カードがすでに含んでいる日のカードは追加できません。その行に理由が表示されるので、破棄してください。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;Review new dream cards before they are kept</source>
        <translation>新しいドリームカードを残す前に確認する</translation>
    </message>
    <message>
        <source>Dream proposals</source>
        <translation>ドリームの提案</translation>
    </message>
    <message>
        <source>Enter edits the selected proposal, Ctrl+Enter accepts it, Del discards it</source>
        <translation>Enter で選択した提案を編集、Ctrl+Enter で承認、Del で破棄</translation>
    </message>
    <message>
        <source>What accepting the proposal adds</source>
        <translation>提案を承認すると追加される内容</translation>
    </message>
    <message>
        <source>The proposed card&apos;s text</source>
        <translation>提案されたカードのテキスト</translation>
    </message>
    <message>
        <source>&amp;Accept</source>
        <translation>承認</translation>
    </message>
    <message>
        <source>Add this card to the dynamic memory, with its fold (Ctrl+Enter)</source>
        <translation>このカードをまとめと一緒に動的メモリに追加します（Ctrl+Enter）</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>編集</translation>
    </message>
    <message>
        <source>Edit this card&apos;s text before you accept it (Enter; Esc cancels)</source>
        <translation>承認する前にこのカードのテキストを編集します（Enter、Esc でキャンセル）</translation>
    </message>
    <message>
        <source>&amp;Discard</source>
        <translation>破棄</translation>
    </message>
    <message>
        <source>Drop this card; the dynamic memory stays as it is (Del)</source>
        <translation>このカードを捨てます。動的メモリはそのままです（Del）</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>元に戻す</translation>
    </message>
    <message>
        <source>Bring back the proposal you just discarded, as it was</source>
        <translation>破棄した提案を元のまま戻します</translation>
    </message>
    <message numerus="yes">
        <source>%n proposal(s) wait(s) for review</source>
        <translation><numerusform>%n 件の提案が確認待ち</numerusform></translation>
    </message>
    <message>
        <source>Discarded the card for %1 — the dynamic memory is unchanged</source>
        <translation>%1 のカードを破棄しました — 動的メモリは変わっていません</translation>
    </message>
    <message>
        <source>The card for %1 is back</source>
        <translation>%1 のカードを戻しました</translation>
    </message>
    <message>
        <source> · folds older cards</source>
        <translation> · 古いカードをまとめる</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>nothing else waits</source>
        <translation>ほかに待っている提案はありません</translation>
    </message>
    <message>
        <source>New dream cards wait here for review</source>
        <translation>新しいドリームカードはここで確認を待ちます</translation>
    </message>
    <message>
        <source>Dreams add their cards at once</source>
        <translation>ドリームはすぐにカードを追加します</translation>
    </message>
    <message>
        <source>Review new dream cards</source>
        <translation>新しいドリームカードの確認</translation>
    </message>
    <message>
        <source>Added the card for %1</source>
        <translation>%1のカードを追加しました</translation>
    </message>
    <message>
        <source>Accept</source>
        <translation>承認</translation>
    </message>
    <message>
        <source>&lt;p&gt;The whole fixed memory as one Markdown document. Lines &lt;code&gt;#N: text&lt;/code&gt; are entries; any other line (headings, notes, blank lines) is kept exactly as you type it.&lt;/p&gt;&lt;p&gt;Save renumbers the entries 1, 2, 3… in document order.&lt;/p&gt;</source>
        <translation>&lt;p&gt;固定メモリ全体を 1 つの Markdown 文書として扱います。&lt;code&gt;#N: text&lt;/code&gt; の行が項目で、それ以外の行（見出し、メモ、空行）は入力したとおりに残ります。&lt;/p&gt;&lt;p&gt;保存すると、項目は文書の順に 1、2、3… と番号が振り直されます。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>note — not sent as a memory; number it (#N: …) to make it one</source>
        <translation>メモ — 記憶としては送信されません。番号（#N: …）を付けると記憶になります</translation>
    </message>
    <message>
        <source>note — not an entry: an entry line starts with #N: and its text</source>
        <translation>メモ — 項目ではありません。項目の行は #N: とその本文で始まります</translation>
    </message>
    <message>
        <source>an entry with no text — write its text or delete the line</source>
        <translation>本文のない項目 — 本文を書くか、この行を削除してください</translation>
    </message>
    <message>
        <source>Kept as typed and sent with the memory; not an entry</source>
        <translation>入力したとおりに残り、メモリと一緒に送られます。項目ではありません</translation>
    </message>
    <message>
        <source>Raw document — entries are lines &lt;code&gt;#N: text&lt;/code&gt;; other lines are kept as typed.</source>
        <translation>原文 — 項目は &lt;code&gt;#N: text&lt;/code&gt; の行で、それ以外の行は入力どおりに残ります。</translation>
    </message>
    <message>
        <source>Fixed memory document</source>
        <translation>固定メモリの文書</translation>
    </message>
    <message>
        <source>What saving gives</source>
        <translation>保存した結果</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>再読み込み</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Discard the changes in this view</source>
        <translation>この画面での変更を破棄します</translation>
    </message>
    <message>
        <source>Renumber the entries and save (Ctrl+S); other lines are kept exactly</source>
        <translation>項目の番号を振り直して保存します（Ctrl+S）。それ以外の行はそのまま残ります</translation>
    </message>
    <message>
        <source>Save raw Markdown</source>
        <translation>Markdown を直接保存</translation>
    </message>
    <message>
        <source>The memory changed in another window or command while you were editing. Save is off so that change is not overwritten: Reload shows the newer memory and keeps your text beside it.</source>
        <translation>編集中に別のウィンドウまたはコマンドでメモリが変更されました。その変更を上書きしないよう「保存」はオフです：「再読み込み」で新しいメモリを表示し、あなたのテキストは横に残します。</translation>
    </message>
    <message>
        <source>Show the newer memory in the editor; your text is kept beside it</source>
        <translation>新しいメモリをエディターに表示します。あなたのテキストは横に残ります</translation>
    </message>
    <message>
        <source>Your text before Reload — read-only, copy what you need</source>
        <translation>再読み込み前のあなたのテキスト — 読み取り専用、必要な部分をコピーできます</translation>
    </message>
    <message>
        <source>Saving gives %1 and keeps %2</source>
        <translation>保存すると %1、%2を残します</translation>
    </message>
    <message numerus="yes">
        <source>%Ln note(s)</source>
        <translation><numerusform>メモ %Ln 件</numerusform></translation>
    </message>
    <message>
        <source>Off: the memory changed elsewhere. Reload shows it, your text kept beside it</source>
        <translation>オフ：メモリが別の場所で変更されました。「再読み込み」で表示し、あなたのテキストは横に残ります</translation>
    </message>
    <message>
        <source>Discard changes</source>
        <translation>変更を破棄</translation>
    </message>
    <message>
        <source>Discard the changes to the memory document?</source>
        <translation>メモリ文書への変更を破棄しますか？</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>破棄</translation>
    </message>
    <message>
        <source>Save memory</source>
        <translation>メモリを保存</translation>
    </message>
    <message numerus="yes">
        <source>This save removes %Ln entry(ies):</source>
        <translation><numerusform>この保存で %Ln 件が削除されます：</numerusform></translation>
    </message>
    <message>
        <source>Saved</source>
        <translation>保存しました</translation>
    </message>
    <message>
        <source>No memory changes recorded yet.</source>
        <translation>メモリの変更はまだ記録されていません。</translation>
    </message>
    <message>
        <source>fixed</source>
        <translation>固定</translation>
    </message>
    <message>
        <source>dynamic</source>
        <translation>動的</translation>
    </message>
    <message numerus="yes">
        <source>Undo “%1”? %n line(s) of %2 memory go back to how they were.</source>
        <comment>the Revert question: the change as its History row says it; the memory (fixed or dynamic)</comment>
        <translation><numerusform>「%1」を取り消しますか？%2メモリの %n 行が元に戻ります。</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Undo “%1”? %n dream card(s) go back to how they were.</source>
        <comment>the Revert question: the change as its History row says it</comment>
        <translation><numerusform>「%1」を取り消しますか？ドリームカード %n 枚が元に戻ります。</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Undo “%1”? %n entry(ies) of fixed memory go back to how they were.</source>
        <comment>the Revert question: the change as its History row says it</comment>
        <translation><numerusform>「%1」を取り消しますか？固定メモリの項目 %n 件が元に戻ります。</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) of notes go back too.</source>
        <comment>after the Revert question: fixed memory&apos;s other lines</comment>
        <translation><numerusform>メモの %n 行も元に戻ります。</numerusform></translation>
    </message>
    <message>
        <source>Undo “%1”? The entry is sent to the model again.</source>
        <translation>「%1」を取り消しますか？この項目は再びモデルに送られます。</translation>
    </message>
    <message>
        <source>Undo “%1”? The entry is paused again: kept, but no longer sent to the model.</source>
        <translation>「%1」を取り消しますか？この項目は再び一時停止されます（残りますが、モデルには送られません）。</translation>
    </message>
    <message>
        <source>Undo “%1”? The card is sent to the model again.</source>
        <translation>「%1」を取り消しますか？このカードは再びモデルに送られます。</translation>
    </message>
    <message>
        <source>Undo “%1”? The card is paused again: kept, but no longer sent to the model.</source>
        <translation>「%1」を取り消しますか？このカードは再び一時停止されます（残りますが、モデルには送られません）。</translation>
    </message>
    <message>
        <source>; </source>
        <comment>between the parts of what a revert does</comment>
        <translation>。</translation>
    </message>
    <message>
        <source>“%1” is put back</source>
        <translation>「%1」を戻します</translation>
    </message>
    <message numerus="yes">
        <source>%n entry(ies) put back</source>
        <translation><numerusform>項目 %n 件を戻します</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n dream card(s) put back</source>
        <translation><numerusform>ドリームカード %n 枚を戻します</numerusform></translation>
    </message>
    <message>
        <source>“%1” is taken out</source>
        <translation>「%1」を取り除きます</translation>
    </message>
    <message numerus="yes">
        <source>%n entry(ies) taken out</source>
        <translation><numerusform>項目 %n 件を取り除きます</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n dream card(s) taken out</source>
        <translation><numerusform>ドリームカード %n 枚を取り除きます</numerusform></translation>
    </message>
    <message>
        <source>“%1” goes back to “%2”</source>
        <translation>「%1」を「%2」に戻します</translation>
    </message>
    <message numerus="yes">
        <source>%n entry(ies) changed back</source>
        <translation><numerusform>項目 %n 件を元の文に戻します</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n dream card(s) changed back</source>
        <translation><numerusform>ドリームカード %n 枚を元の文に戻します</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) of notes go back</source>
        <translation><numerusform>メモの %n 行を元に戻します</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n entry(ies) added since will be removed</source>
        <translation><numerusform>その後に追加された項目 %n 件は削除されます</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n dream card(s) added since will be removed</source>
        <translation><numerusform>その後に追加されたドリームカード %n 枚は削除されます</numerusform></translation>
    </message>
    <message>
        <source>Or restore fixed memory to before this change: %1.</source>
        <translation>または、固定メモリをこの変更の前に戻します：%1。</translation>
    </message>
    <message>
        <source>Or restore dynamic memory to before this change: %1.</source>
        <translation>または、動的メモリをこの変更の前に戻します：%1。</translation>
    </message>
    <message>
        <source>Restore fixed memory to before this change? %1.</source>
        <translation>固定メモリをこの変更の前に戻しますか？%1。</translation>
    </message>
    <message>
        <source>Restore dynamic memory to before this change? %1.</source>
        <translation>動的メモリをこの変更の前に戻しますか？%1。</translation>
    </message>
    <message>
        <source>“%1” cannot be undone on its own: “%2” was changed or deleted since.</source>
        <translation>「%1」だけを取り消すことはできません：「%2」はその後に変更または削除されました。</translation>
    </message>
    <message>
        <source>“%1” cannot be undone on its own: memory already holds what it replaced.</source>
        <translation>「%1」だけを取り消すことはできません：置き換えられた内容はすでにメモリにあります。</translation>
    </message>
    <message>
        <source>Restore to before it</source>
        <translation>変更の前に戻す</translation>
    </message>
    <message numerus="yes">
        <source>Undo only “%1”? %2; the %n change(s) made after it stay.</source>
        <comment>%1: the change as its History row says it; %2: what undoing it does</comment>
        <translation><numerusform>「%1」だけを取り消しますか？%2。その後の %n 件の変更はそのまま残ります。</numerusform></translation>
    </message>
    <message>
        <source>Undo only this change</source>
        <translation>この変更だけを取り消す</translation>
    </message>
    <message>
        <source>Undid “%1”; every later change kept.</source>
        <translation>「%1」を取り消しました。その後の変更はすべて残っています。</translation>
    </message>
    <message>
        <source>Reverted “%1”.</source>
        <translation>「%1」を元に戻しました。</translation>
    </message>
    <message>
        <source>Paused: this entry stays in memory but is no longer sent to the model.</source>
        <translation>一時停止：この項目はメモリに残りますが、モデルには送られなくなります。</translation>
    </message>
    <message>
        <source>Resumed: this entry is sent to the model again.</source>
        <translation>再開：この項目は再びモデルに送られます。</translation>
    </message>
    <message>
        <source>Paused: this card stays in memory but is no longer sent to the model.</source>
        <translation>一時停止：このカードはメモリに残りますが、モデルには送られなくなります。</translation>
    </message>
    <message>
        <source>Resumed: this card is sent to the model again.</source>
        <translation>再開：このカードは再びモデルに送られます。</translation>
    </message>
    <message>
        <source>Changed</source>
        <translation>変更</translation>
    </message>
    <message>
        <source>Folded into %1</source>
        <translation>%1にまとめられました</translation>
    </message>
    <message>
        <source>Added #%1: %2</source>
        <translation>追加 #%1：%2</translation>
    </message>
    <message>
        <source>Added note: %1</source>
        <translation>追加したメモ：%1</translation>
    </message>
    <message>
        <source>Removed #%1: %2</source>
        <translation>削除 #%1：%2</translation>
    </message>
    <message>
        <source>Removed note: %1</source>
        <translation>削除したメモ：%1</translation>
    </message>
    <message>
        <source>Changed #%1: %2 → %3</source>
        <translation>変更 #%1：%2 → %3</translation>
    </message>
    <message>
        <source>Changed note: %1 → %2</source>
        <translation>変更したメモ：%1 → %2</translation>
    </message>
    <message>
        <source>… %1 more lines (memory history --diff shows all)</source>
        <translation>… ほかに %1 行（memory history --diff ですべて表示）</translation>
    </message>
    <message>
        <source>Only blank lines or line endings changed.</source>
        <translation>空行または改行だけが変わりました。</translation>
    </message>
    <message>
        <source>No line changed.</source>
        <translation>変更された行はありません。</translation>
    </message>
    <message>
        <source>%1 → %2 characters</source>
        <translation>%1 → %2 文字</translation>
    </message>
    <message>
        <source>Back to memory</source>
        <translation>メモリに戻る</translation>
    </message>
    <message>
        <source>Show the memory page again (Esc)</source>
        <translation>メモリのページをもう一度表示します（Esc）</translation>
    </message>
    <message>
        <source>Memory history</source>
        <translation>メモリの履歴</translation>
    </message>
    <message>
        <source>Put memory back as it was before this revert (Ctrl+Z)</source>
        <translation>メモリをこの取り消しの前の状態に戻します（Ctrl+Z）</translation>
    </message>
    <message>
        <source>Revert this change…</source>
        <translation>この変更を元に戻す…</translation>
    </message>
    <message>
        <source>Undo the selected change — on its own when later changes followed it, or by restoring memory to before it; asks first (the revert is itself a change you can undo)</source>
        <translation>選択した変更を取り消します。後に変更があるときはその変更だけを、またはメモリをその前の状態に戻して取り消します。先に確認します（取り消しもまた元に戻せる変更です）</translation>
    </message>
    <message>
        <source>Revert undone: memory is as it was before it.</source>
        <translation>取り消しを元に戻しました：メモリは取り消しの前の状態です。</translation>
    </message>
    <message numerus="yes">
        <source>%Ln change(s), newest first</source>
        <translation><numerusform>変更 %Ln 件、新しい順</numerusform></translation>
    </message>
    <message>
        <source>%1 · %2 · change #%3</source>
        <translation>%1 · %2 · 変更 #%3</translation>
    </message>
    <message>
        <source>Revert</source>
        <translation>元に戻す</translation>
    </message>
    <message>
        <source>Revert memory</source>
        <translation>メモリを元に戻す</translation>
    </message>
    <message>
        <source>New fixed-memory entry</source>
        <translation>新しい固定メモリの項目</translation>
    </message>
    <message>
        <source>A new fact, preference or instruction; it is added at the end</source>
        <translation>新しい事実、好み、指示。末尾に追加されます</translation>
    </message>
    <message>
        <source>Added #%1. Type the next entry, or press Esc to close.</source>
        <translation>#%1 を追加しました。次の項目を入力するか、Esc で閉じます。</translation>
    </message>
    <message>
        <source>Added #%1</source>
        <translation>#%1 を追加しました</translation>
    </message>
    <message>
        <source>Saved #%1</source>
        <translation>#%1 を保存しました</translation>
    </message>
    <message>
        <source>Edit #%1</source>
        <translation>#%1 を編集</translation>
    </message>
    <message>
        <source>Delete memory</source>
        <translation>メモリを削除</translation>
    </message>
    <message>
        <source>Delete #%1: “%2”?
The entries after it are renumbered.</source>
        <translation>#%1「%2」を削除しますか？
後ろの項目は番号が振り直されます。</translation>
    </message>
    <message>
        <source>Deleted #%1</source>
        <translation>#%1 を削除しました</translation>
    </message>
    <message>
        <source>Delete #%1</source>
        <translation>#%1 を削除</translation>
    </message>
    <message>
        <source>#%1 is trusted now</source>
        <translation>#%1 を信頼済みにしました</translation>
    </message>
    <message>
        <source>Mark #%1 trusted</source>
        <translation>#%1 を信頼済みにする</translation>
    </message>
    <message>
        <source>#%1 is paused: kept, not sent</source>
        <translation>#%1 を一時停止しました：残しますが送りません</translation>
    </message>
    <message>
        <source>#%1 is sent again</source>
        <translation>#%1 をまた送ります</translation>
    </message>
    <message>
        <source>Pause #%1</source>
        <translation>#%1 を一時停止</translation>
    </message>
    <message>
        <source>Copied #%1</source>
        <translation>#%1 をコピーしました</translation>
    </message>
    <message>
        <source>, </source>
        <comment>between quoted entries</comment>
        <translation>、</translation>
    </message>
    <message>
        <source>“%1”</source>
        <translation>「%1」</translation>
    </message>
    <message>
        <source>The file is a ChatHub memory file (JSON).</source>
        <translation>このファイルは ChatHub のメモリファイル（JSON）です。</translation>
    </message>
    <message>
        <source>The file is a ChatHub memory file (Markdown).</source>
        <translation>このファイルは ChatHub のメモリファイル（Markdown）です。</translation>
    </message>
    <message>
        <source>The file is a plain Markdown/text document: its lines become fixed-memory entries.</source>
        <translation>このファイルは通常の Markdown／テキスト文書です：各行が固定メモリの項目になります。</translation>
    </message>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation><numerusform>%1 ほか %n 件</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n entry(ies) come(s) in untrusted: %1.</source>
        <translation><numerusform>%n 件の項目が未信頼として取り込まれます：%1。</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Adds %n new entry(ies); nothing is removed.</source>
        <translation><numerusform>新しい項目を %n 件追加します。削除されるものはありません。</numerusform></translation>
    </message>
    <message>
        <source>Nothing new to add; nothing is removed.</source>
        <translation>追加する新しい項目はありません。削除されるものもありません。</translation>
    </message>
    <message numerus="yes">
        <source>%n is/are already in memory</source>
        <translation><numerusform>%n 件はすでにメモリにあります</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n nearly repeat(s) or is/are covered by entries you have</source>
        <translation><numerusform>%n 件は既存の項目とほぼ重複するか、既存の項目に含まれます</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n repeat(s) a line above in the file</source>
        <translation><numerusform>%n 件はファイル内の上の行と重複します</numerusform></translation>
    </message>
    <message>
        <source>; </source>
        <comment>between the kinds of repeats</comment>
        <translation>。</translation>
    </message>
    <message>
        <source>%1 (unticked below).</source>
        <comment>%1: how many of the file&apos;s entries repeat what, e.g. 1 is already in memory</comment>
        <translation>%1（下でチェックを外してあります）。</translation>
    </message>
    <message>
        <source>Fixed memory: unchanged (the file has none).</source>
        <translation>固定メモリ：変更なし（ファイルに含まれていません）。</translation>
    </message>
    <message numerus="yes">
        <source>Fixed memory goes from %1 to %n entry(ies) (%2).</source>
        <translation><numerusform>固定メモリの項目は %1 件から %n 件になります（%2）。</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>The file also has %n line(s) of notes.</source>
        <translation><numerusform>ファイルにはメモが %n 行あります。</numerusform></translation>
    </message>
    <message>
        <source>Memory → History can revert the import.</source>
        <translation>メモリ → 履歴 でこのインポートを元に戻せます。</translation>
    </message>
    <message>
        <source>Dynamic memory: unchanged.</source>
        <translation>動的メモリ：変更なし。</translation>
    </message>
    <message>
        <source>Dynamic memory: unchanged (the file has none).</source>
        <translation>動的メモリ：変更なし（ファイルに含まれていません）。</translation>
    </message>
    <message numerus="yes">
        <source>Dynamic memory goes from %1 to %n card(s) (%2); Restore previous version brings the current ones back.</source>
        <translation><numerusform>動的メモリのカードは %1 枚から %n 枚になります（%2）。「前のバージョンに戻す」で現在のカードを戻せます。</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n card(s) of the file is/are shortened to the card and document caps.</source>
        <translation><numerusform>ファイルのカード %n 枚をカードと文書の上限まで短くします。</numerusform></translation>
    </message>
    <message>
        <source>Who wrote each entry: unchanged.</source>
        <translation>各項目を書いたのは誰か：変更なし。</translation>
    </message>
    <message>
        <source>Who wrote each entry stays as it is; an added entry counts as written by you.</source>
        <translation>各項目を書いたのは誰かは変わりません。追加した項目はあなたが書いたものになります。</translation>
    </message>
    <message>
        <source>Who wrote each entry stays as it is; an added entry keeps what the file says.</source>
        <translation>各項目を書いたのは誰かは変わりません。追加した項目はファイルの記録を引き継ぎます。</translation>
    </message>
    <message>
        <source>Who wrote each entry: %1 unchanged, %2 changed or removed, %3 new.</source>
        <translation>各項目を書いたのは誰か：変更なし %1 件、変更または削除 %2 件、新規 %3 件。</translation>
    </message>
    <message>
        <source>The file is %1.</source>
        <translation>このファイルは %1 です。</translation>
    </message>
    <message>
        <source>Fixed memory is already empty</source>
        <translation>固定メモリはすでに空です</translation>
    </message>
    <message>
        <source>this assistant</source>
        <translation>このアシスタント</translation>
    </message>
    <message>
        <source>Clear fixed memory</source>
        <translation>固定メモリをクリア</translation>
    </message>
    <message>
        <source>Remove all of %1&apos;s fixed memory? Memory → History can revert it.</source>
        <translation>%1 の固定メモリをすべて削除しますか？メモリ → 履歴 で元に戻せます。</translation>
    </message>
    <message>
        <source>Cleared fixed memory — History can revert it</source>
        <translation>固定メモリをクリアしました — 履歴で元に戻せます</translation>
    </message>
    <message>
        <source>Exported to %1</source>
        <translation>%1 にエクスポートしました</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>エクスポート</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>インポート</translation>
    </message>
    <message>
        <source>Replace: the file&apos;s memory instead of the current one</source>
        <translation>置き換え：現在のメモリの代わりにファイルのメモリを使う</translation>
    </message>
    <message>
        <source>Merge: add the file&apos;s fixed entries to the current ones</source>
        <translation>統合：ファイルの固定メモリの項目を現在の項目に追加する</translation>
    </message>
    <message>
        <source>Import memory</source>
        <translation>メモリをインポート</translation>
    </message>
    <message>
        <source>Import %1 into %2&apos;s memory?</source>
        <translation>%1 を %2 のメモリにインポートしますか？</translation>
    </message>
    <message>
        <source>Imported %1</source>
        <translation>%1 をインポートしました</translation>
    </message>
    <message>
        <source>&amp;Import…</source>
        <translation>インポート…</translation>
    </message>
    <message>
        <source>Merge a memory file&apos;s fixed entries into this memory, or replace it (JSON or Markdown); a preview shows what changes first</source>
        <translation>メモリファイルの固定メモリの項目をこのメモリに統合、または置き換えます（JSON または Markdown）。先に変更内容をプレビューします</translation>
    </message>
    <message>
        <source>Import from another &amp;assistant…</source>
        <translation>他のアシスタントからインポート…</translation>
    </message>
    <message>
        <source>Paste what ChatGPT, Claude or another assistant remembers about you; each fact becomes an entry</source>
        <translation>ChatGPT、Claude などのアシスタントが覚えているあなたの情報を貼り付けます。事実ごとに 1 項目になります</translation>
    </message>
    <message>
        <source>E&amp;xport…</source>
        <translation>エクスポート…</translation>
    </message>
    <message>
        <source>Save this assistant&apos;s memory to a file: fixed and dynamic memory with where each entry came from (JSON or Markdown), or the fixed document alone</source>
        <translation>このアシスタントのメモリをファイルに保存します：固定メモリと動的メモリ、各項目の出どころ（JSON または Markdown）、または固定メモリの文書のみ</translation>
    </message>
    <message>
        <source>&amp;Copy document</source>
        <translation>文書をコピー</translation>
    </message>
    <message>
        <source>Copy the memory document (Markdown) to the clipboard</source>
        <translation>メモリの文書（Markdown）をクリップボードにコピーします</translation>
    </message>
    <message>
        <source>C&amp;lear…</source>
        <translation>クリア…</translation>
    </message>
    <message>
        <source>Remove every fixed-memory entry, after showing what goes (Memory → History can revert it)</source>
        <translation>削除される内容を表示してから、固定メモリの項目をすべて削除します（メモリ → 履歴 で元に戻せます）</translation>
    </message>
    <message>
        <source>Merged %1: %2 added, %3 left out</source>
        <comment>the entries the user left unticked: repeats, or any they chose</comment>
        <translation>%1 を統合しました：%2 件追加、%3 件は追加せず</translation>
    </message>
    <message>
        <source>Copied the memory document</source>
        <translation>メモリの文書をコピーしました</translation>
    </message>
    <message>
        <source>Delete the selected card (Del)</source>
        <translation>選択したカードを削除します（Del）</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1を保存しました</translation>
    </message>
    <message>
        <source>Edit %1</source>
        <translation>%1を編集</translation>
    </message>
    <message>
        <source>Delete dream card</source>
        <translation>ドリームカードを削除</translation>
    </message>
    <message>
        <source>Clear dynamic memory</source>
        <translation>動的メモリをクリア</translation>
    </message>
    <message numerus="yes">
        <source>Remove all %n dream card(s)? Restore previous version brings them back.</source>
        <translation><numerusform>ドリームカード %n 枚をすべて削除しますか？「前のバージョンに戻す」で元に戻せます。</numerusform></translation>
    </message>
    <message>
        <source>Cleared the dream cards — Restore previous version brings them back</source>
        <translation>ドリームカードをクリアしました — 「前のバージョンに戻す」で元に戻せます</translation>
    </message>
    <message numerus="yes">
        <source>Restored the previous version (%Ln card(s)); restore again to undo</source>
        <translation><numerusform>前のバージョンに戻しました（カード %Ln 枚）。もう一度戻すと取り消せます</numerusform></translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>戻す</translation>
    </message>
    <message numerus="yes">
        <source>Copied %Ln card(s)</source>
        <translation><numerusform>カード %Ln 枚をコピーしました</numerusform></translation>
    </message>
    <message>
        <source>Another change is still being written; try again in a moment.</source>
        <translation>別の変更を書き込み中です。少ししてからもう一度試してください。</translation>
    </message>
    <message>
        <source>Dreaming over %1…</source>
        <translation>%1についてドリーム中…</translation>
    </message>
    <message>
        <source>Reading the topics of %1…</source>
        <translation>%1のトピックを読んでいます…</translation>
    </message>
    <message>
        <source>Asking the History Compress model about %1…</source>
        <translation>%1について History Compress モデルに問い合わせています…</translation>
    </message>
    <message>
        <source>Merging older cards into a range card…</source>
        <translation>古いカードを範囲カードにまとめています…</translation>
    </message>
    <message>
        <source>Dream now again to see what it would add to the memory as it is now.</source>
        <translation>もう一度「今すぐドリーム」を実行すると、今のメモリに何が追加されるかを確認できます。</translation>
    </message>
    <message>
        <source>Nothing was written. Retry dreams over the same day again now.</source>
        <translation>何も書き込まれていません。「再試行」で同じ日についてもう一度ドリームします。</translation>
    </message>
    <message>
        <source>Nothing was written. The schedule tries this day again at its next cycle; Retry dreams over it now as a manual run (it is not shown as a scheduled run).</source>
        <translation>何も書き込まれていません。スケジュールは次のサイクルでこの日をもう一度試します。「再試行」は手動実行として今すぐドリームします（予定実行としては表示されません）。</translation>
    </message>
    <message>
        <source>Scheduled dream</source>
        <translation>予定ドリーム</translation>
    </message>
    <message>
        <source>The scheduled dream</source>
        <translation>予定ドリーム</translation>
    </message>
    <message>
        <source>%1 over %2 (UTC) failed %3.</source>
        <comment>%3: when, e.g. today at 22:24 in Berlin (21:24 UTC)</comment>
        <translation>%1（%2、UTC）は%3に失敗しました。</translation>
    </message>
    <message>
        <source>Range card %1 – %2</source>
        <translation>範囲カード %1 – %2</translation>
    </message>
    <message>
        <source>Add the dream card for %1? It folds into a range card:</source>
        <translation>%1のドリームカードを追加しますか？このカードは範囲カードにまとめられます：</translation>
    </message>
    <message>
        <source>The card for %1 was dreamt again. Use the new card, or keep the old one?</source>
        <translation>%1のカードをもう一度ドリームしました。新しいカードを使いますか、古いカードを残しますか？</translation>
    </message>
    <message>
        <source>Dream failed: %1</source>
        <translation>ドリームに失敗しました：%1</translation>
    </message>
    <message>
        <source>Dream failed</source>
        <translation>ドリームに失敗しました</translation>
    </message>
    <message>
        <source>%1 over %2 failed: %3</source>
        <translation>%1（%2）に失敗しました：%3</translation>
    </message>
    <message>
        <source>%1 over %2 failed</source>
        <translation>%1（%2）に失敗しました</translation>
    </message>
    <message>
        <source>the History Compress model gave no reason</source>
        <translation>History Compress モデルは理由を返しませんでした</translation>
    </message>
    <message>
        <source>Reason: %1</source>
        <translation>理由：%1</translation>
    </message>
    <message>
        <source>%1: the card for %2 is ready — nothing is written until you add it</source>
        <translation>%1：%2のカードができました — 追加するまで何も書き込まれません</translation>
    </message>
    <message>
        <source>Add the dream card for %1? It folds older cards into a range card:</source>
        <translation>%1のドリームカードを追加しますか？古いカードは範囲カードにまとめられます：</translation>
    </message>
    <message>
        <source>Add the dream card for %1?</source>
        <translation>%1のドリームカードを追加しますか？</translation>
    </message>
    <message>
        <source>Removed</source>
        <translation>削除</translation>
    </message>
    <message>
        <source>Edited</source>
        <translation>編集</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>追加</translation>
    </message>
    <message>
        <source>Add card</source>
        <translation>カードを追加</translation>
    </message>
    <message>
        <source>%1 cancelled — nothing was written</source>
        <translation>%1 をキャンセルしました — 何も書き込まれていません</translation>
    </message>
    <message>
        <source>%1: the new card for %2 is ready — the old one stays until you choose the new one</source>
        <translation>%1：%2の新しいカードができました — 新しいカードを選ぶまで古いカードはそのままです</translation>
    </message>
    <message>
        <source>Keep the old card</source>
        <translation>古いカードを残す</translation>
    </message>
    <message>
        <source>New card</source>
        <translation>新しいカード</translation>
    </message>
    <message>
        <source>Old card</source>
        <translation>古いカード</translation>
    </message>
    <message>
        <source>Use the new card</source>
        <translation>新しいカードを使う</translation>
    </message>
    <message>
        <source>Nothing is written until you choose.</source>
        <translation>選ぶまで何も書き込まれません。</translation>
    </message>
    <message>
        <source>%1 stopped — nothing was written</source>
        <translation>%1 を停止しました — 何も書き込まれていません</translation>
    </message>
    <message>
        <source>%1: %2. %3</source>
        <translation>%1：%2。%3</translation>
    </message>
    <message>
        <source>Scheduled dream stopped — it is tried again later</source>
        <translation>予定ドリームを停止しました — 後で再試行されます</translation>
    </message>
    <message>
        <source>Scheduled dream: %1</source>
        <translation>予定ドリーム：%1</translation>
    </message>
    <message>
        <source>Enter saves · Shift+Enter new line · Esc cancels</source>
        <translation>Enter で保存 · Shift+Enter で改行 · Esc でキャンセル</translation>
    </message>
    <message>
        <source>Enter adds · Shift+Enter new line · Esc closes</source>
        <translation>Enter で追加 · Shift+Enter で改行 · Esc で閉じる</translation>
    </message>
    <message>
        <source>%1 / %2 characters</source>
        <translation>%1 / %2 文字</translation>
    </message>
    <message>
        <source> — too long to save</source>
        <translation> — 長すぎて保存できません</translation>
    </message>
    <message>
        <source>dream</source>
        <translation>ドリーム由来</translation>
    </message>
    <message>
        <source>agent</source>
        <translation>モデル記入</translation>
    </message>
    <message>
        <source>⚠ untrusted</source>
        <translation>⚠ 未信頼</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>一時停止中</translation>
    </message>
    <message>
        <source>Written by you in this editor</source>
        <translation>このエディターであなたが書きました</translation>
    </message>
    <message>
        <source>Written by the memory dream</source>
        <translation>ドリームが書きました</translation>
    </message>
    <message>
        <source>Written by the model with its memory tool</source>
        <translation>モデルがメモリツールで書きました</translation>
    </message>
    <message>
        <source>The model wrote this entry while its recent history held web or plugin output, so it is sent as data, not instructions. Mark it trusted if you agree with it.</source>
        <translation>モデルは直近の履歴にウェブやプラグインの出力があるときにこの項目を書いたため、指示ではなくデータとして送られます。内容に同意する場合は信頼済みにしてください。</translation>
    </message>
    <message>
        <source>Origin not recorded</source>
        <translation>出どころは記録されていません</translation>
    </message>
    <message>
        <source>Untrusted: </source>
        <translation>未信頼：</translation>
    </message>
    <message>
        <source>Double-click or Enter to edit, Del to delete</source>
        <translation>ダブルクリックまたは Enter で編集、Del で削除</translation>
    </message>
    <message>
        <source> (untrusted)</source>
        <translation>（未信頼）</translation>
    </message>
    <message>
        <source> (paused)</source>
        <translation>（一時停止中）</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>メモ：%1</translation>
    </message>
    <message>
        <source>A free-form line of the raw document (Edit raw changes it); it is sent with the memory as written</source>
        <translation>原文の自由形式の行です（「原文を編集」で変更）。書いたとおりにメモリと一緒に送られます</translation>
    </message>
    <message>
        <source>Click to open: show the days folded into this card (Space)</source>
        <translation>クリックで展開：このカードにまとめた各日を表示（Space）</translation>
    </message>
    <message>
        <source>Click to fold: the days back into one line (Space)</source>
        <translation>クリックでたたむ：各日を 1 行に戻す（Space）</translation>
    </message>
    <message>
        <source>Click the card&apos;s header to fold it again (Space)</source>
        <translation>カードの見出し行をクリックするとたたみます（Space）</translation>
    </message>
    <message>
        <source>One UTC day</source>
        <translation>UTC の 1 日</translation>
    </message>
    <message>
        <source>Older days merged into one card</source>
        <translation>古い日をまとめた 1 枚のカード</translation>
    </message>
    <message>
        <source>Text from before dated cards</source>
        <translation>日付付きカード以前のテキスト</translation>
    </message>
    <message>
        <source>A card with an unusual tag</source>
        <translation>通常と異なるタグのカード</translation>
    </message>
    <message>
        <source>Enter or double-click to edit, Del to delete</source>
        <translation>Enter またはダブルクリックで編集、Del で削除</translation>
    </message>
    <message>
        <source>Ctrl+R or the refresh icon: dream over this day again</source>
        <translation>Ctrl+R または更新アイコン：この日についてもう一度ドリーム</translation>
    </message>
    <message>
        <source>the card for %1</source>
        <translation>%1のカード</translation>
    </message>
    <message>
        <source>the older card</source>
        <translation>日付のない以前のカード</translation>
    </message>
    <message>
        <source>the card “%1”</source>
        <translation>カード「%1」</translation>
    </message>
    <message numerus="yes">
        <source>%n day(s)</source>
        <translation><numerusform>%n 日分</numerusform></translation>
    </message>
    <message>
        <source>Several days</source>
        <translation>数日</translation>
    </message>
    <message>
        <source>no date</source>
        <translation>日付なし</translation>
    </message>
    <message>
        <source>Regenerate: dream over %1 again (Ctrl+R)</source>
        <translation>再生成：%1についてもう一度ドリーム（Ctrl+R）</translation>
    </message>
    <message>
        <source>Yesterday</source>
        <translation>昨日</translation>
    </message>
    <message numerus="yes">
        <source>%n topic(s)</source>
        <translation><numerusform>%n 個のトピック</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%Ln message(s)</source>
        <translation><numerusform>%Ln 件のメッセージ</numerusform></translation>
    </message>
    <message>
        <source>%1 · %2 · %3, %4</source>
        <translation>%1 · %2 · %3、%4</translation>
    </message>
    <message>
        <source>%1 · %2, %3</source>
        <translation>%1 · %2、%3</translation>
    </message>
    <message>
        <source>The finished UTC day Dream now reads (days with messages and no card yet, newest first)</source>
        <translation>「今すぐドリーム」が読む終了済みの UTC 日（メッセージがあり、まだカードのない日、新しい順）</translation>
    </message>
    <message numerus="yes">
        <source>%n proposal(s) wait(s) for review. Every other finished day has a card; today&apos;s chats can be dreamt tomorrow.</source>
        <translation><numerusform>%n 件の提案が確認を待っています。ほかの終わった日にはすべてカードがあります。今日のチャットは明日ドリームできます。</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n proposal(s) wait(s) for review. Today&apos;s chats can be dreamt tomorrow.</source>
        <translation><numerusform>%n 件の提案が確認を待っています。今日のチャットは明日ドリームできます。</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n proposal(s) wait(s) for review. Every other day with messages has a card; to dream one again, use ↻ Regenerate on its card.</source>
        <translation><numerusform>%n 件の提案が確認を待っています。メッセージのあるほかの日にはすべてカードがあります。もう一度ドリームするには、その日のカードで「↻ 再生成」を使ってください。</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n proposal(s) wait(s) for review. No other finished day has messages.</source>
        <translation><numerusform>%n 件の提案が確認を待っています。メッセージのある終了した日はほかにありません。</numerusform></translation>
    </message>
    <message>
        <source>Every finished day has a card; today&apos;s chats can be dreamt tomorrow.</source>
        <translation>終わった日にはすべてカードがあります。今日のチャットは明日ドリームできます。</translation>
    </message>
    <message>
        <source>Nothing to dream yet: today&apos;s chats can be dreamt tomorrow.</source>
        <translation>まだドリームできる日はありません。今日のチャットは明日ドリームできます。</translation>
    </message>
    <message>
        <source>Every day with messages has a card. To dream a day again, use ↻ Regenerate on its card.</source>
        <translation>メッセージのある日にはすべてカードがあります。もう一度ドリームするには、その日のカードで「↻ 再生成」を使ってください。</translation>
    </message>
    <message>
        <source>No finished day has messages yet.</source>
        <translation>メッセージのある終了した日はまだありません。</translation>
    </message>
    <message>
        <source>What will change</source>
        <translation>変更される内容</translation>
    </message>
    <message>
        <source>… and %1 more</source>
        <translation>… ほかに %1 件</translation>
    </message>
    <message>
        <source>No entry changes.</source>
        <translation>項目の変更はありません。</translation>
    </message>
    <message>
        <source>Repeats %1</source>
        <translation>%1 と重複</translation>
    </message>
    <message>
        <source>… and %1 more (new ones added, repeats left out)</source>
        <translation>… ほかに %1 件（新しいものは追加、重複は除外）</translation>
    </message>
    <message>
        <source>Help</source>
        <translation>ヘルプ</translation>
    </message>
    <message>
        <source>you</source>
        <translation>あなた</translation>
    </message>
    <message>
        <source>the model in topic “%1”</source>
        <translation>トピック「%1」のモデル</translation>
    </message>
    <message>
        <source>the model in topic #%1</source>
        <translation>トピック #%1 のモデル</translation>
    </message>
    <message>
        <source>the model</source>
        <translation>モデル</translation>
    </message>
    <message>
        <source>the dream for %1</source>
        <translation>%1のドリーム</translation>
    </message>
    <message>
        <source>the dream</source>
        <translation>ドリーム</translation>
    </message>
    <message>
        <source>import of %1</source>
        <translation>%1 からのインポート</translation>
    </message>
    <message>
        <source>an import</source>
        <translation>インポート</translation>
    </message>
    <message>
        <source>revert of change #%1</source>
        <translation>変更 #%1 の取り消し</translation>
    </message>
    <message>
        <source>an unattributed write</source>
        <translation>出所不明の書き込み</translation>
    </message>
    <message>
        <source>added entry #%1</source>
        <translation>項目 #%1 を追加</translation>
    </message>
    <message>
        <source>edited entry #%1</source>
        <translation>項目 #%1 を編集</translation>
    </message>
    <message>
        <source>updated entry #%1</source>
        <translation>項目 #%1 を更新</translation>
    </message>
    <message>
        <source>deleted entry #%1</source>
        <translation>項目 #%1 を削除</translation>
    </message>
    <message>
        <source>paused entry #%1</source>
        <translation>項目 #%1 を一時停止</translation>
    </message>
    <message>
        <source>resumed entry #%1</source>
        <translation>項目 #%1 を再開</translation>
    </message>
    <message>
        <source>saved the raw Markdown</source>
        <translation>Markdown を直接保存</translation>
    </message>
    <message>
        <source>cleared fixed memory</source>
        <translation>固定メモリをクリア</translation>
    </message>
    <message>
        <source>edited card #%1</source>
        <translation>カード #%1 を編集</translation>
    </message>
    <message>
        <source>deleted card #%1</source>
        <translation>カード #%1 を削除</translation>
    </message>
    <message>
        <source>paused card #%1</source>
        <translation>カード #%1 を一時停止</translation>
    </message>
    <message>
        <source>resumed card #%1</source>
        <translation>カード #%1 を再開</translation>
    </message>
    <message>
        <source>cleared dynamic memory</source>
        <translation>動的メモリをクリア</translation>
    </message>
    <message>
        <source>restored the previous version</source>
        <translation>前のバージョンに戻した</translation>
    </message>
    <message>
        <source>set Keep dream cards to %1</source>
        <translation>残すドリームカード数を %1 に設定</translation>
    </message>
    <message>
        <source>accepted the dream&apos;s card for %1</source>
        <translation>ドリームによる %1 のカードを承認</translation>
    </message>
    <message>
        <source>added the card for %1</source>
        <translation>%1のカードを追加</translation>
    </message>
    <message>
        <source>regenerated the card for %1</source>
        <translation>%1のカードを再生成</translation>
    </message>
    <message>
        <source>imported a memory file</source>
        <translation>メモリファイルをインポート</translation>
    </message>
    <message>
        <source>imported %1</source>
        <translation>%1 をインポート</translation>
    </message>
    <message>
        <source>reverted change #%1 (%2)</source>
        <translation>変更 #%1 を元に戻した（%2）</translation>
    </message>
    <message>
        <source>undid change #%1 (%2)</source>
        <translation>変更 #%1 だけを取り消した（%2）</translation>
    </message>
    <message>
        <source>changed the memory</source>
        <translation>メモリを変更</translation>
    </message>
    <message>
        <source>added the card</source>
        <translation>カードを追加</translation>
    </message>
    <message>
        <source>regenerated the card</source>
        <translation>カードを再生成</translation>
    </message>
    <message>
        <source>imported the file</source>
        <translation>ファイルをインポート</translation>
    </message>
    <message numerus="yes">
        <source>added the card for %1; folded %n older card(s) into a range</source>
        <translation><numerusform>%1のカードを追加し、古いカード %n 枚を範囲カードにまとめた</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>accepted the dream&apos;s card for %1, which folded %n older card(s) into a range</source>
        <translation><numerusform>ドリームによる %1 のカードを承認し、古いカード %n 枚を範囲カードにまとめた</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>imported %1 (%n new entry(ies))</source>
        <translation><numerusform>%1 をインポートしました（新しい項目 %n 件）</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>added %n entry(ies)</source>
        <translation><numerusform>%n 件を追加</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>added the card; folded %n older card(s) into a range</source>
        <translation><numerusform>カードを追加し、古いカード %n 枚を範囲カードにまとめた</numerusform></translation>
    </message>
    <message>
        <source>You undid “%1”</source>
        <comment>a History row: a change undone on its own, later changes kept; the change as its own row says it</comment>
        <translation>あなたが「%1」だけを取り消した</translation>
    </message>
    <message>
        <source>You reverted “%1”</source>
        <comment>a History row: the undone change as its own row says it</comment>
        <translation>あなたが「%1」を元に戻した</translation>
    </message>
    <message>
        <source>You undid a revert of “%1”</source>
        <comment>a History row: a revert undone; the change that revert undid as its row says it</comment>
        <translation>あなたが「%1」の取り消しを元に戻した</translation>
    </message>
    <message>
        <source>You reverted “%1” again</source>
        <comment>a History row: a revert made again after its undo; the change as its row says it</comment>
        <translation>あなたが「%1」を再び元に戻した</translation>
    </message>
    <message numerus="yes">
        <source>Imported %1: %n entry(ies) added</source>
        <translation><numerusform>%1 をインポート：%n 件を追加</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Imported %1 — %n new entry(ies)</source>
        <translation><numerusform>%1 をインポート — 新しい項目 %n 件</numerusform></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>a memory change as a sentence: who, then what it did</comment>
        <translation>%1が%2</translation>
    </message>
    <message>
        <source>Edit model card…</source>
        <translation>モデルカードを編集…</translation>
    </message>
    <message>
        <source>Open the History Compress model&apos;s card: raise its max output or its context window, then Retry</source>
        <translation>History Compress モデルのモデルカードを開きます：最大出力またはコンテキストウィンドウを上げてから再試行してください</translation>
    </message>
    <message>
        <source>Saved the model card of %1 — Retry dreams with it</source>
        <translation>%1 のモデルカードを保存しました — 再試行するとこのカードでドリームします</translation>
    </message>
    <message>
        <source>Pause: the assistant won&apos;t see this entry (Ctrl+P)</source>
        <translation>一時停止：アシスタントはこの項目を見なくなります（Ctrl+P）</translation>
    </message>
    <message>
        <source>Resume: the assistant sees this entry again (Ctrl+P)</source>
        <translation>再開：アシスタントがこの項目を再び見るようにします（Ctrl+P）</translation>
    </message>
    <message>
        <source>imported from %1 (export %2, %3)</source>
        <translation>%1 からインポート（エクスポート %2、%3）</translation>
    </message>
    <message>
        <source>imported from %1 (export %2)</source>
        <translation>%1 からインポート（エクスポート %2）</translation>
    </message>
    <message>
        <source>imported from %1 (%2)</source>
        <translation>%1 からインポート（%2）</translation>
    </message>
    <message>
        <source>imported from %1</source>
        <translation>%1 からインポート</translation>
    </message>
    <message>
        <source>imported from the memory file %1 (%2)</source>
        <translation>メモリファイル %1 からインポート（%2）</translation>
    </message>
    <message>
        <source>imported from the memory file %1</source>
        <translation>メモリファイル %1 からインポート</translation>
    </message>
    <message>
        <source>imported from a memory file (%1)</source>
        <translation>メモリファイルからインポート（%1）</translation>
    </message>
    <message>
        <source>imported from a memory file</source>
        <translation>メモリファイルからインポート</translation>
    </message>
    <message>
        <source>from a memory file</source>
        <translation>メモリファイルから</translation>
    </message>
    <message>
        <source>from %1</source>
        <translation>%1 から</translation>
    </message>
    <message numerus="yes">
        <source>added %n entry(ies) from a memory file</source>
        <translation><numerusform>メモリファイルから %n 件を追加</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>added %n entry(ies) from %1</source>
        <translation><numerusform>%1 から %n 件を追加</numerusform></translation>
    </message>
    <message>
        <source>It may be cut short — the model hit its length limit.</source>
        <translation>途中で切れている可能性があります — モデルが長さの上限に達しました。</translation>
    </message>
    <message>
        <source>Likely secrets were taken out of it.</source>
        <translation>機密らしいものは取り除きました。</translation>
    </message>
    <message>
        <source>A card for %1 waits in Proposals.</source>
        <translation>%1のカードが「提案」で確認を待っています。</translation>
    </message>
    <message>
        <source>Fixed memory and dreaming memory</source>
        <translation>固定メモリとドリームメモリ</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Dreaming memory&lt;/b&gt; is what the assistant learns on its own. The &lt;b&gt;memory dream&lt;/b&gt; — on the schedule below, or Dream now — reads the topics you were active in on a day and writes one dated &lt;b&gt;dream card&lt;/b&gt; about how you like to work (tone, format, tool habits), not a recap. The dream cards make up &lt;b&gt;Dynamic memory&lt;/b&gt; at the bottom of this group.&lt;/p&gt;&lt;p&gt;It prefers topic summaries from compaction (Chat Preference: Limit history messages and Summarize history); a topic without one still contributes a short excerpt of that day&apos;s messages. The dream never changes your fixed memory.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;ドリームメモリ&lt;/b&gt;はアシスタントが自分で学ぶ内容です。&lt;b&gt;ドリーム&lt;/b&gt;（下のスケジュール、または「今すぐドリーム」）は、ある日にやり取りしたトピックを読み、あなたの好む進め方（口調、形式、ツールの使い方）について日付付きの&lt;b&gt;ドリームカード&lt;/b&gt;を 1 枚書きます。内容の要約ではありません。ドリームカードを集めたものが、このグループの下にある&lt;b&gt;動的メモリ&lt;/b&gt;です。&lt;/p&gt;&lt;p&gt;圧縮によるトピックの要約（チャット設定：履歴メッセージを制限、履歴を要約）を優先して使います。要約のないトピックも、その日のメッセージの短い抜粋で反映されます。ドリームが固定メモリを変更することはありません。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>%1 folded into one card — click or press Space to show them</source>
        <translation>%1をまとめた 1 枚のカード — クリックまたは Space で表示</translation>
    </message>
    <message numerus="yes">
        <source>%Ln single-day card(s)</source>
        <translation><numerusform>単日カード %Ln 枚</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%Ln range card(s)</source>
        <translation><numerusform>範囲カード %Ln 枚</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%Ln older card(s)</source>
        <translation><numerusform>以前のカード %Ln 枚</numerusform></translation>
    </message>
    <message>
        <source>From the file: ticked entries are added (%1 of %2)</source>
        <translation>ファイルから：チェックした項目が追加されます（%1 / %2）</translation>
    </message>
    <message>
        <source>Tick an entry to import it</source>
        <translation>インポートするには項目にチェックを入れてください</translation>
    </message>
    <message>
        <source>Nothing to add: each of the file&apos;s entries is already in memory</source>
        <translation>追加するものはありません：ファイルの項目はすべてメモリにあります</translation>
    </message>
    <message>
        <source>Accept proposal</source>
        <translation>提案を承認</translation>
    </message>
    <message>
        <source>Edit proposal</source>
        <translation>提案を編集</translation>
    </message>
    <message>
        <source>Discard proposal</source>
        <translation>提案を破棄</translation>
    </message>
    <message>
        <source>Saving won&apos;t start a dream now: %1 already has a card.</source>
        <translation>保存しても今はドリームしません：%1 にはすでにカードがあります。</translation>
    </message>
    <message>
        <source>Saving won&apos;t start a dream now: %1 already has a card waiting for review.</source>
        <translation>保存しても今はドリームしません：%1 にはレビュー待ちのカードがあります。</translation>
    </message>
    <message>
        <source>Saving won&apos;t start a dream now: %1 has no messages to dream over.</source>
        <translation>保存しても今はドリームしません：%1 にはドリームに使えるメッセージがありません。</translation>
    </message>
    <message>
        <source>Saving starts a dream now over %1, for the run missed %2.</source>
        <comment>%1 the day it reads; %2 the missed run, as &apos;today at 03:00 in Berlin (02:00 UTC)&apos;</comment>
        <translation>保存するとすぐに %1 についてドリームし、%2に予定されていて逃した実行を補います。</translation>
    </message>
    <message>
        <source>Changed elsewhere while you were editing — %1 now says: “%2”</source>
        <translation>編集中に別の場所で変更されました — %1 の現在の内容：“%2”</translation>
    </message>
    <message>
        <source>Keep mine</source>
        <translation>自分のものを残す</translation>
    </message>
    <message>
        <source>Save your text over the newer one (Enter)</source>
        <translation>あなたのテキストで新しい内容を上書き保存します（Enter）</translation>
    </message>
    <message>
        <source>Use theirs</source>
        <translation>相手のものを使う</translation>
    </message>
    <message>
        <source>Drop your text and show the newer one (Esc)</source>
        <translation>あなたのテキストを破棄し、新しい内容を表示します（Esc）</translation>
    </message>
    <message>
        <source>Enter keeps mine · Shift+Enter new line · Esc uses theirs</source>
        <translation>Enter で自分のものを残す · Shift+Enter で改行 · Esc で相手のものを使う</translation>
    </message>
    <message>
        <source>Deleted elsewhere while you were editing: %1 is no longer in the memory.</source>
        <translation>編集中に別の場所で削除されました：%1 はもうメモリにありません。</translation>
    </message>
    <message>
        <source>Add as new entry</source>
        <translation>新しい項目として追加</translation>
    </message>
    <message>
        <source>Add your text at the end of the memory (Enter)</source>
        <translation>あなたのテキストをメモリの末尾に追加します（Enter）</translation>
    </message>
    <message>
        <source>Drop</source>
        <translation>破棄</translation>
    </message>
    <message>
        <source>Drop your text (Esc)</source>
        <translation>あなたのテキストを破棄します（Esc）</translation>
    </message>
    <message>
        <source>Enter adds it as a new entry · Esc drops it</source>
        <translation>Enter で新しい項目として追加 · Esc で破棄</translation>
    </message>
    <message>
        <source>The memory changed elsewhere, but not %1: Enter saves your text.</source>
        <translation>メモリは別の場所で変更されましたが、%1 は変わっていません：Enter であなたのテキストを保存します。</translation>
    </message>
    <message>
        <source>Deleted elsewhere, or merged into a range card, while you were editing: %1 is gone.</source>
        <translation>編集中に別の場所で削除されたか、範囲カードに統合されました：%1 はもうありません。</translation>
    </message>
    <message>
        <source>Copy my text</source>
        <translation>自分のテキストをコピー</translation>
    </message>
    <message>
        <source>Copy your text to the clipboard and close the editor (Enter)</source>
        <translation>あなたのテキストをクリップボードにコピーしてエディターを閉じます（Enter）</translation>
    </message>
    <message>
        <source>Enter copies your text · Esc drops it</source>
        <translation>Enter であなたのテキストをコピー · Esc で破棄</translation>
    </message>
    <message>
        <source>The cards changed elsewhere, but not %1: Enter saves your text.</source>
        <translation>カードは別の場所で変更されましたが、%1は変わっていません：Enter であなたのテキストを保存します。</translation>
    </message>
    <message>
        <source>Nothing was saved. %1</source>
        <translation>何も保存されませんでした。%1</translation>
    </message>
    <message>
        <source>Your text before Reload</source>
        <translation>再読み込み前のあなたのテキスト</translation>
    </message>
    <message>
        <source>Show the preview</source>
        <translation>プレビューを表示</translation>
    </message>
    <message>
        <source>Show what saving gives in place of your text before Reload</source>
        <translation>再読み込み前のあなたのテキストの代わりに保存結果を表示します</translation>
    </message>
    <message>
        <source>Show your text</source>
        <translation>あなたのテキストを表示</translation>
    </message>
    <message>
        <source>Show the text you had before Reload beside the newer memory, to copy from</source>
        <translation>再読み込み前のテキストを新しいメモリの横に表示し、コピーできるようにします</translation>
    </message>
</context>
<context>
    <name>MemoryPaste</name>
    <message>
        <source>repeats %1</source>
        <translation>%1と重複</translation>
    </message>
    <message>
        <source>covered by %1</source>
        <translation>%1に含まれています</translation>
    </message>
    <message>
        <source>already in memory as %1</source>
        <translation>メモリにすでにあります：%1</translation>
    </message>
    <message>
        <source>already covered by %1</source>
        <translation>%1にすでに含まれています</translation>
    </message>
    <message>
        <source>nearly repeats %1</source>
        <translation>%1とほぼ重複</translation>
    </message>
    <message>
        <source>Another assistant</source>
        <translation>他のアシスタント</translation>
    </message>
    <message>
        <source>Ask the other assistant “What do you remember about me?” (or copy its saved memories) and paste its answer here. Each fact becomes one memory entry.</source>
        <translation>他のアシスタントに「私について何を覚えていますか？」と尋ね（または保存されたメモリをコピーし）、その答えをここに貼り付けてください。事実ごとに 1 つのメモリ項目になります。</translation>
    </message>
    <message>
        <source>Import memory from another assistant</source>
        <translation>他のアシスタントからメモリをインポート</translation>
    </message>
    <message>
        <source>&amp;From:</source>
        <translation>取得元：</translation>
    </message>
    <message>
        <source>Noted in the provenance of every entry added</source>
        <translation>追加する各項目の出どころとして記録されます</translation>
    </message>
    <message>
        <source>From a Claude export &amp;zip…</source>
        <translation>Claude のエクスポート &amp;zip から…</translation>
    </message>
    <message>
        <source>Read what Claude remembers (memories.json, with each project&apos;s memory) from the Claude.ai data export zip into the box below</source>
        <translation>Claude.ai のデータエクスポート zip から Claude が覚えている内容（memories.json、各プロジェクトのメモリを含む）を下の欄に読み込みます</translation>
    </message>
    <message>
        <source>Paste the answer here…</source>
        <translation>ここに答えを貼り付け…</translation>
    </message>
    <message>
        <source>Pasted memory</source>
        <translation>貼り付けたメモリ</translation>
    </message>
    <message>
        <source>Facts to add</source>
        <translation>追加する事実</translation>
    </message>
    <message>
        <source>Untick what should not become a memory entry</source>
        <translation>メモリの項目にしないものはチェックを外してください</translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation>追加</translation>
    </message>
    <message>
        <source>Add the ticked facts as entries at the end of the fixed memory</source>
        <translation>チェックした事実を固定メモリの末尾に項目として追加します</translation>
    </message>
    <message numerus="yes">
        <source>&amp;Add %n entry(ies)</source>
        <translation><numerusform>%n 件を追加</numerusform></translation>
    </message>
    <message>
        <source>Claude data export</source>
        <translation>Claude のデータエクスポート</translation>
    </message>
    <message>
        <source>Claude export (*.zip);;All files (*)</source>
        <translation>Claude のエクスポート (*.zip);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>%1 holds no memories.json: nothing Claude remembered</source>
        <translation>%1 に memories.json はありません：Claude が覚えている内容はありません</translation>
    </message>
    <message>
        <source>Pasted: ticked facts are added (%1 of %2)</source>
        <translation>貼り付けた事実：チェックしたものが追加されます（%1 / %2）</translation>
    </message>
    <message>
        <source>Tick a fact to add it</source>
        <translation>追加するには事実にチェックを入れてください</translation>
    </message>
    <message>
        <source>Nothing to add: each fact is already in memory</source>
        <translation>追加するものはありません：どの事実もすでにメモリにあります</translation>
    </message>
</context>
<context>
    <name>MessageActions</name>
    <message>
        <source>Continue reply</source>
        <translation>返信の続きを生成</translation>
    </message>
    <message>
        <source>Copy message</source>
        <translation>メッセージをコピー</translation>
    </message>
    <message>
        <source>Edit message</source>
        <translation>メッセージを編集</translation>
    </message>
    <message>
        <source>Regenerate reply</source>
        <translation>応答を再生成</translation>
    </message>
    <message>
        <source>Pin message</source>
        <translation>メッセージをピン留め</translation>
    </message>
    <message>
        <source>Delete message</source>
        <translation>メッセージを削除</translation>
    </message>
    <message>
        <source>Context receipt</source>
        <translation>コンテキストのレシート</translation>
    </message>
    <message>
        <source>The model writes on where this reply stopped at the length limit, into the same reply</source>
        <translation>長さの上限で止まったところから、モデルが同じ返信に続きを書きます</translation>
    </message>
    <message>
        <source>Copy this message&apos;s text (Markdown) to the clipboard</source>
        <translation>このメッセージのテキスト（Markdown）をクリップボードにコピーします</translation>
    </message>
    <message>
        <source>Change this message&apos;s text and send it again as a new branch</source>
        <translation>このメッセージのテキストを変更し、新しい分岐として再送信します</translation>
    </message>
    <message>
        <source>Ask again with the same context; this reply stays a version</source>
        <translation>同じコンテキストでもう一度尋ねます。この応答は 1 つの版として残ります</translation>
    </message>
    <message>
        <source>Keep this message word for word when the topic is compacted</source>
        <translation>トピックを圧縮するとき、このメッセージを一字一句残します</translation>
    </message>
    <message>
        <source>Remove this message from the topic</source>
        <translation>このメッセージをトピックから削除します</translation>
    </message>
    <message>
        <source>What this reply was sent with: the context receipt</source>
        <translation>この応答を送ったときの内容：コンテキストのレシート</translation>
    </message>
    <message>
        <source>Unpin message</source>
        <translation>ピン留めを外す</translation>
    </message>
    <message>
        <source>Continue</source>
        <translation>続ける</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>コピーしました</translation>
    </message>
    <message>
        <source>Unpin: compaction may summarise it again</source>
        <translation>ピン留めを外す：圧縮でまた要約されることがあります</translation>
    </message>
    <message>
        <source>Message actions</source>
        <translation>メッセージの操作</translation>
    </message>
    <message>
        <source>Delete this message from the topic? This cannot be undone.</source>
        <translation>このメッセージをトピックから削除しますか？元に戻せません。</translation>
    </message>
    <message>
        <source>This window is writing this reply; press Stop to end it</source>
        <translation>このウィンドウがこの返信を書いています。終了するには「停止」を押してください</translation>
    </message>
    <message>
        <source>Mark as interrupted</source>
        <translation>中断済みにする</translation>
    </message>
    <message>
        <source>Mark this reply as interrupted? Do this only when the window or command writing it is gone or no longer answers; what arrived is kept.</source>
        <translation>この返信を中断済みにしますか？書いているウィンドウやコマンドがもうないか応答しないときだけにしてください。届いた分は残ります。</translation>
    </message>
    <message>
        <source>Reply marked as interrupted; you can send or retry again</source>
        <translation>返信を中断済みにしました。もう一度送信または再試行できます</translation>
    </message>
    <message>
        <source>Message edited — the topic summary covered it and was cleared; the next compaction rebuilds it</source>
        <translation>メッセージを編集しました — トピックの要約がこのメッセージを含んでいたので消去しました。次の圧縮で作り直します</translation>
    </message>
    <message>
        <source>Message deleted — the topic summary covered it and was cleared; the next compaction rebuilds it</source>
        <translation>メッセージを削除しました — トピックの要約がこのメッセージを含んでいたので消去しました。次の圧縮で作り直します</translation>
    </message>
    <message>
        <source>Message edited</source>
        <translation>メッセージを編集しました</translation>
    </message>
    <message>
        <source>Message deleted</source>
        <translation>メッセージを削除しました</translation>
    </message>
</context>
<context>
    <name>MessageList</name>
    <message>
        <source>Messages above are sent as the topic summary · View summary</source>
        <translation>ここより上のメッセージはトピックの要約として送られます · 要約を表示</translation>
    </message>
    <message>
        <source>[pinned]</source>
        <translation>[ピン留め]</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>中断</translation>
    </message>
    <message>
        <source>writing…</source>
        <translation>作成中…</translation>
    </message>
    <message>
        <source>error</source>
        <translation>エラー</translation>
    </message>
    <message>
        <source>cut</source>
        <translation>切り詰め</translation>
    </message>
    <message>
        <source>The model gets the topic summary instead of the messages above this line. Click to read the summary (Ctrl+Shift+S).</source>
        <translation>モデルにはこの線より上のメッセージの代わりにトピックの要約が渡されます。クリックすると要約を読めます（Ctrl+Shift+S）。</translation>
    </message>
    <message>
        <source>Retry: ask for this reply again</source>
        <translation>再試行：この返信をもう一度依頼します</translation>
    </message>
    <message>
        <source>Continue</source>
        <translation>続ける</translation>
    </message>
    <message>
        <source>Continue: the model writes on where this reply stopped, into the same reply</source>
        <translation>続ける：この返信が止まったところから、モデルが同じ返信に続きを書きます</translation>
    </message>
    <message>
        <source>You</source>
        <translation>あなた</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>ツール</translation>
    </message>
    <message>
        <source>System</source>
        <translation>システム</translation>
    </message>
    <message>
        <source>click to collapse</source>
        <translation>クリックで折りたたむ</translation>
    </message>
    <message>
        <source>click to expand</source>
        <translation>クリックで展開</translation>
    </message>
    <message>
        <source>%1 (%2 server)</source>
        <translation>%1（%2 サーバー）</translation>
    </message>
    <message>
        <source>%1 result%2 — %3</source>
        <translation>%1 の結果%2 — %3</translation>
    </message>
    <message>
        <source>Thought process — %1</source>
        <translation>思考過程 — %1</translation>
    </message>
    <message>
        <source>Version %1 of %2; Previous version and Next version in its menu</source>
        <translation>版 %1 / %2。「前の版」と「次の版」はメニューにあります</translation>
    </message>
    <message>
        <source>Tokens the provider counted for this reply: sent in (of them, read from its cache), and written out. The ⓘ receipt has the breakdown.</source>
        <translation>プロバイダーがこの返信で数えたトークン：入力（うちキャッシュから読んだ分）と出力。内訳は ⓘ のレシートにあります。</translation>
    </message>
    <message>
        <source>Stopped at the length limit</source>
        <translation>長さの上限で停止しました</translation>
    </message>
    <message numerus="yes">
        <source>%Ln token(s) in</source>
        <translation><numerusform>入力 %Ln トークン</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%Ln out</source>
        <translation><numerusform>出力 %Ln</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%Ln token(s) out</source>
        <translation><numerusform>出力 %Ln トークン</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%Ln cached</source>
        <translation><numerusform>キャッシュ %Ln</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%Ln written to cache</source>
        <translation><numerusform>キャッシュ書き込み %Ln</numerusform></translation>
    </message>
    <message>
        <source>cut off at max tokens</source>
        <translation>最大トークン数で打ち切り</translation>
    </message>
    <message>
        <source>Shown: the first %1 of %2 characters. Copy message (Ctrl+C) copies all of it.</source>
        <translation>%2 文字のうち最初の %1 文字を表示しています。メッセージをコピー（Ctrl+C）すると全文をコピーします。</translation>
    </message>
    <message numerus="yes">
        <source>Shown without %Ln invisible character(s) (stacked marks, bidi controls, zero-width). Copy message (Ctrl+C) copies them.</source>
        <translation><numerusform>%Ln 個の不可視文字（重なった記号、双方向制御文字、ゼロ幅文字）を省いて表示しています。メッセージをコピー（Ctrl+C）するとそれらも含まれます。</numerusform></translation>
    </message>
    <message>
        <source>calls &lt;b&gt;%1&lt;/b&gt;(%2) on the %3 server</source>
        <translation>%3 サーバーの &lt;b&gt;%1&lt;/b&gt;(%2) を呼び出します</translation>
    </message>
    <message>
        <source>calls &lt;b&gt;%1&lt;/b&gt;(%2)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;(%2) を呼び出します</translation>
    </message>
    <message>
        <source>&lt;b&gt;⚠ Warning:&lt;/b&gt; %1. Set the model card&apos;s window from the token badge.</source>
        <translation>&lt;b&gt;⚠ 警告：&lt;/b&gt;%1。トークンバッジからモデルカードのウィンドウを設定してください。</translation>
    </message>
    <message>
        <source>&lt;b&gt;✂ Cut:&lt;/b&gt; %1. The text up to the limit is kept.</source>
        <translation>&lt;b&gt;✂ 切り詰め：&lt;/b&gt;%1。上限までのテキストは保存されています。</translation>
    </message>
    <message>
        <source>Details…</source>
        <translation>詳細…</translation>
    </message>
    <message>
        <source>&lt;b&gt;⚠ Error:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;⚠ エラー：&lt;/b&gt;%1</translation>
    </message>
    <message>
        <source>Settings → Providers</source>
        <translation>設定 → プロバイダー</translation>
    </message>
    <message>
        <source>the provider failed</source>
        <translation>プロバイダーでエラーが起きました</translation>
    </message>
    <message>
        <source>No messages yet.
Type below and press %1 to start.</source>
        <translation>まだメッセージはありません。
下に入力して %1 を押すと始まります。</translation>
    </message>
    <message>
        <source>Copy message</source>
        <translation>メッセージをコピー</translation>
    </message>
    <message>
        <source>Messages</source>
        <translation>メッセージ</translation>
    </message>
    <message>
        <source>The open topic&apos;s messages; Up and Down move between them, Ctrl+Home and Ctrl+End jump to the first and the newest.</source>
        <translation>開いているトピックのメッセージ。上下キーで移動し、Ctrl+Home と Ctrl+End で最初と最新のメッセージへ移動します。</translation>
    </message>
    <message>
        <source>Reply failed</source>
        <translation>返信に失敗しました</translation>
    </message>
    <message>
        <source>Jump to the first message</source>
        <translation>最初のメッセージへ移動</translation>
    </message>
    <message>
        <source>Show the topic&apos;s first message (Ctrl+Home)</source>
        <translation>トピックの最初のメッセージを表示（Ctrl+Home）</translation>
    </message>
    <message>
        <source>Scroll to the newest message</source>
        <translation>最新のメッセージまでスクロール</translation>
    </message>
    <message>
        <source>Show the topic&apos;s newest message (Ctrl+End)</source>
        <translation>トピックの最新のメッセージを表示（Ctrl+End）</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>コピーしました</translation>
    </message>
    <message>
        <source>Copy this message&apos;s text (Markdown) to the clipboard</source>
        <translation>このメッセージのテキスト（Markdown）をクリップボードにコピーします</translation>
    </message>
    <message>
        <source>Collapse</source>
        <translation>たたむ</translation>
    </message>
    <message>
        <source>Expand</source>
        <translation>展開</translation>
    </message>
    <message>
        <source>Mark as interrupted</source>
        <translation>中断として記録</translation>
    </message>
    <message>
        <source>When the window or command writing this reply no longer answers: keep what arrived, mark it interrupted, and let this topic take new messages again</source>
        <translation>この応答を書いているウィンドウやコマンドが応答しなくなったとき：届いた分を残して中断として記録し、このトピックで再び新しいメッセージを受け付けます</translation>
    </message>
    <message>
        <source> The topic summary covers it, so the summary is cleared and rebuilt on the next compaction.</source>
        <translation> トピックの要約に含まれているため、要約は消え、次の圧縮で作り直されます。</translation>
    </message>
    <message>
        <source>Edit message</source>
        <translation>メッセージを編集</translation>
    </message>
    <message>
        <source>Change this message&apos;s text.</source>
        <translation>このメッセージのテキストを変更します。</translation>
    </message>
    <message>
        <source>Unpin message</source>
        <translation>ピン留めを外す</translation>
    </message>
    <message>
        <source>Pin message</source>
        <translation>メッセージをピン留め</translation>
    </message>
    <message>
        <source>Keep this message word for word when the topic is compacted; it counts against the input budget</source>
        <translation>トピックを圧縮するとき、このメッセージを一字一句残します。入力予算に含まれます</translation>
    </message>
    <message>
        <source>Delete message</source>
        <translation>メッセージを削除</translation>
    </message>
    <message>
        <source>Remove this message from the topic.</source>
        <translation>このメッセージをトピックから削除します。</translation>
    </message>
    <message>
        <source>Continue reply</source>
        <translation>返信の続きを生成</translation>
    </message>
    <message>
        <source>The model writes on where this reply stopped at the length limit, into the same reply</source>
        <translation>長さの上限で止まったところから、モデルが同じ返信に続きを書きます</translation>
    </message>
    <message>
        <source>Regenerate reply</source>
        <translation>応答を再生成</translation>
    </message>
    <message>
        <source>Ask again with the same context; this reply stays a version (Ctrl+R)</source>
        <translation>同じコンテキストでもう一度尋ねます。この応答は 1 つの版として残ります（Ctrl+R）</translation>
    </message>
    <message>
        <source>Previous version</source>
        <translation>前の版</translation>
    </message>
    <message>
        <source>Next version</source>
        <translation>次の版</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>コピー</translation>
    </message>
    <message>
        <source>text</source>
        <translation>テキスト</translation>
    </message>
    <message>
        <source>Show what the provider&apos;s connection reported</source>
        <translation>プロバイダーとの接続が報告した内容を表示</translation>
    </message>
    <message>
        <source>Open Settings → Providers</source>
        <translation>「設定 → プロバイダー」を開く</translation>
    </message>
    <message>
        <source>↻ Retry</source>
        <translation>↻ 再試行</translation>
    </message>
</context>
<context>
    <name>ModelCardDialog</name>
    <message>
        <source>Chosen by model id</source>
        <translation>モデル ID で選ぶ</translation>
    </message>
    <message>
        <source>o200k_base (GPT-4o and later, most models)</source>
        <translation>o200k_base（GPT-4o 以降、ほとんどのモデル）</translation>
    </message>
    <message>
        <source>cl100k_base (GPT-4, GPT-3.5)</source>
        <translation>cl100k_base（GPT-4、GPT-3.5）</translation>
    </message>
    <message>
        <source>Model card</source>
        <translation>モデルカード</translation>
    </message>
    <message>
        <source>Your card beats the bundled catalog: the badge, compaction and the history window use its context window.</source>
        <translation>あなたのカードは内蔵カタログより優先されます。バッジ、圧縮、履歴ウィンドウはそのコンテキストウィンドウを使います。</translation>
    </message>
    <message>
        <source>model id, e.g. smollm2-135m</source>
        <translation>モデル ID（例：smollm2-135m）</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>モデル：</translation>
    </message>
    <message>
        <source>Every provider</source>
        <translation>すべてのプロバイダー</translation>
    </message>
    <message>
        <source>&amp;Provider:</source>
        <translation>プロバイダー：</translation>
    </message>
    <message>
        <source>Context &amp;window:</source>
        <translation>コンテキストウィンドウ：</translation>
    </message>
    <message>
        <source>Max &amp;output:</source>
        <translation>最大出力：</translation>
    </message>
    <message>
        <source>The model&apos;s largest reply; reserved from the window when lower than it and the assistant&apos;s max tokens is off</source>
        <translation>モデルの最長の返信。ウィンドウより小さく、アシスタントの最大トークン数がオフのときはウィンドウから確保されます</translation>
    </message>
    <message>
        <source>&amp;Tokenizer:</source>
        <translation>トークナイザー：</translation>
    </message>
    <message>
        <source>The model &amp;reasons before answering</source>
        <translation>モデルは答える前に推論する</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> トークン</translation>
    </message>
    <message>
        <source>Save the model card</source>
        <translation>モデルカードを保存</translation>
    </message>
</context>
<context>
    <name>ModelChoices</name>
    <message>
        <source>%1-token context window (reported by the provider)</source>
        <translation>%1 トークンのコンテキストウィンドウ（プロバイダーの報告）</translation>
    </message>
    <message>
        <source>Refresh the provider&apos;s models</source>
        <translation>プロバイダーのモデルを更新</translation>
    </message>
    <message>
        <source>Ask the provider for the models it serves now</source>
        <translation>プロバイダーに現在提供しているモデルを問い合わせます</translation>
    </message>
    <message>
        <source> (last try: %1)</source>
        <translation>（前回の試行：%1）</translation>
    </message>
    <message>
        <source>offered by this provider</source>
        <translation>このプロバイダーが提供</translation>
    </message>
    <message>
        <source>not in this provider&apos;s list</source>
        <translation>このプロバイダーの一覧にありません</translation>
    </message>
    <message>
        <source>%1-token context window (reported by the provider) · %2</source>
        <translation>%1 トークンのコンテキストウィンドウ（プロバイダーの報告）· %2</translation>
    </message>
    <message>
        <source>%1-token context window · %2</source>
        <translation>%1 トークンのコンテキストウィンドウ · %2</translation>
    </message>
    <message>
        <source>No model card: its %1-token window is the provider&apos;s fallback · %2</source>
        <translation>モデルカードなし：%1 トークンのウィンドウはプロバイダーの既定値です · %2</translation>
    </message>
    <message>
        <source>Add its model card…</source>
        <translation>モデルカードを追加…</translation>
    </message>
</context>
<context>
    <name>ModelPicker</name>
    <message>
        <source>Provider</source>
        <translation>プロバイダー</translation>
    </message>
    <message>
        <source>The configured provider the model runs on</source>
        <translation>モデルを動かす設定済みのプロバイダー</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>モデル</translation>
    </message>
    <message>
        <source>model id, e.g. gpt-5-mini</source>
        <translation>モデル ID（例：gpt-5-mini）</translation>
    </message>
    <message>
        <source>%1 (not configured)</source>
        <translation>%1（未設定）</translation>
    </message>
</context>
<context>
    <name>ModelsPage</name>
    <message>
        <source>Provider</source>
        <translation>プロバイダー</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>モデル</translation>
    </message>
    <message>
        <source>Context window</source>
        <translation>コンテキストウィンドウ</translation>
    </message>
    <message>
        <source>Max output</source>
        <translation>最大出力</translation>
    </message>
    <message>
        <source>Tokenizer</source>
        <translation>トークナイザー</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>出所</translation>
    </message>
    <message>
        <source>How much one request and its reply can hold, in tokens: the token badge, compaction and the history sent fit it. Hover a figure for the exact count.</source>
        <translation>1 回のリクエストとその返信に入る量（トークン数）。トークンバッジ、圧縮、送る履歴はこれに合わせます。数値にポインターを合わせると正確な値が出ます。</translation>
    </message>
    <message>
        <source>Where the context window comes from: your model card, the provider, the bundled catalog, or a safe default.</source>
        <translation>コンテキストウィンドウの出所：あなたのモデルカード、プロバイダー、内蔵カタログ、または安全な既定値。</translation>
    </message>
    <message>
        <source>The longest reply the model may write, in tokens.</source>
        <translation>モデルが書ける最長の返信（トークン数）。</translation>
    </message>
    <message>
        <source>How ChatHub counts this model&apos;s tokens.</source>
        <translation>ChatHub がこのモデルのトークンを数える方法。</translation>
    </message>
    <message>
        <source>from the card</source>
        <translation>カードから</translation>
    </message>
    <message>
        <source>from the provider</source>
        <translation>プロバイダーから</translation>
    </message>
    <message>
        <source>from the catalog</source>
        <translation>カタログから</translation>
    </message>
    <message>
        <source>default</source>
        <translation>既定値</translation>
    </message>
    <message>
        <source>card</source>
        <translation>カード</translation>
    </message>
    <message>
        <source>provider</source>
        <translation>プロバイダー</translation>
    </message>
    <message>
        <source>catalog</source>
        <translation>カタログ</translation>
    </message>
    <message>
        <source>Your model card sets this window; Edit card… changes it.</source>
        <translation>あなたのモデルカードがこのウィンドウを決めています。「カードを編集…」で変更できます。</translation>
    </message>
    <message>
        <source>The provider reported this window when its connection was tested.</source>
        <translation>接続テストのときにプロバイダーがこのウィンドウを報告しました。</translation>
    </message>
    <message>
        <source>ChatHub&apos;s bundled model catalog gives this window.</source>
        <translation>ChatHub 内蔵のモデルカタログの値です。</translation>
    </message>
    <message>
        <source>Nothing reports this model&apos;s window, so a safe default is assumed; Edit card… sets the real one.</source>
        <translation>このモデルのウィンドウを報告するものがないため、安全な既定値を使っています。「カードを編集…」で実際の値を設定できます。</translation>
    </message>
    <message>
        <source>No card sets the longest reply, so the provider&apos;s own limit applies to chat replies; a dream card asks for at most %1 tokens. Edit card… sets one.</source>
        <translation>最長の返信を決めるカードがないため、チャットの返信にはプロバイダー自身の上限が使われます。ドリームカードは最大 %1 トークンを求めます。「カードを編集…」で設定できます。</translation>
    </message>
    <message>
        <source>Each model&apos;s context window and longest reply. A model card you add wins over what the provider reports and the bundled catalog; hover a column&apos;s title for what it means.</source>
        <translation>各モデルのコンテキストウィンドウと最長の返信。追加したモデルカードは、プロバイダーの報告や内蔵カタログより優先されます。列見出しにポインターを合わせると意味が表示されます。</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>モデル</translation>
    </message>
    <message>
        <source>One row a model: its context window and longest reply; a double click or Edit card… edits its card.</source>
        <translation>1 行に 1 モデル：コンテキストウィンドウと最長の返信。ダブルクリックまたは「カードを編集…」でカードを編集します。</translation>
    </message>
    <message>
        <source>A model card tells ChatHub a model&apos;s context window, longest reply and tokenizer. Add one when a model is missing from the catalog or its provider reports the wrong window.</source>
        <translation>モデルカードは、モデルのコンテキストウィンドウ、最長の返信、トークナイザーを ChatHub に伝えます。カタログにないモデルや、プロバイダーが誤ったウィンドウを報告するモデルに追加してください。</translation>
    </message>
    <message>
        <source>Add a model card…</source>
        <translation>モデルカードを追加…</translation>
    </message>
    <message>
        <source>No model cards yet</source>
        <translation>モデルカードはまだありません</translation>
    </message>
    <message>
        <source>Without a card, ChatHub uses the bundled catalog, then the window the provider reports, then a safe fallback. A card wins over all of them, so the token badge, compaction and the history sent all fit the model you really run — for example a local model served with an 8k window.</source>
        <translation>カードがないとき、ChatHub は内蔵カタログ、次にプロバイダーが報告するウィンドウ、最後に安全なフォールバックを使います。カードはそのすべてに優先するので、トークンバッジ、圧縮、送る履歴が実際に動かすモデルに合います。たとえば 8k のウィンドウで動くローカルモデルです。</translation>
    </message>
    <message>
        <source>&amp;Add…</source>
        <translation>追加…</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>削除</translation>
    </message>
    <message>
        <source>List model cards: %1</source>
        <translation>モデルカードの一覧：%1</translation>
    </message>
    <message>
        <source>Every provider</source>
        <translation>すべてのプロバイダー</translation>
    </message>
    <message>
        <source>No card names a tokenizer, so ChatHub picks one from the model&apos;s name.</source>
        <translation>トークナイザーを指定するカードがないため、ChatHub がモデル名から選びます。</translation>
    </message>
    <message>
        <source>Read the providers</source>
        <translation>プロバイダーの読み込み</translation>
    </message>
    <message>
        <source>Delete the card of %1</source>
        <translation>%1 のカードを削除</translation>
    </message>
    <message>
        <source>&amp;Edit card…</source>
        <translation>カードを編集…</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>未設定</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自動</translation>
    </message>
    <message>
        <source>every provider</source>
        <translation>すべてのプロバイダー</translation>
    </message>
    <message>
        <source>Delete model card</source>
        <translation>モデルカードを削除</translation>
    </message>
    <message>
        <source>Delete your card of “%1” (%2)? Its %3-token window is then taken from the provider or the bundled catalog again.</source>
        <translation>「%1」（%2）のカードを削除しますか？ その %3 トークンのウィンドウは、再びプロバイダーか内蔵カタログから取られます。</translation>
    </message>
</context>
<context>
    <name>NavRail</name>
    <message>
        <source>New assistant…</source>
        <translation>新しいアシスタント…</translation>
    </message>
    <message>
        <source>Edit assistant…</source>
        <translation>アシスタントを編集…</translation>
    </message>
    <message>
        <source>Chats</source>
        <translation>チャット</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>メモリ</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>検索</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>設定</translation>
    </message>
    <message>
        <source>The assistant&apos;s topics and the open chat; click again to show or hide the topics (Ctrl+B)</source>
        <translation>アシスタントのトピックと開いているチャット。もう一度クリックするとトピック一覧の表示・非表示を切り替えます（Ctrl+B）</translation>
    </message>
    <message>
        <source>The assistant&apos;s memory: fixed memory and the memory dream (Ctrl+M)</source>
        <translation>アシスタントのメモリ：固定メモリとドリーム（Ctrl+M）</translation>
    </message>
    <message>
        <source>Search every topic&apos;s messages (Ctrl+K)</source>
        <translation>すべてのトピックのメッセージを検索（Ctrl+K）</translation>
    </message>
    <message>
        <source>Providers, models and the System Agent (Ctrl+,)</source>
        <translation>プロバイダー、モデル、システムエージェント（Ctrl+,）</translation>
    </message>
    <message>
        <source>Navigation</source>
        <translation>ナビゲーション</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Menu</source>
        <translation>メニュー</translation>
    </message>
    <message>
        <source>Import, topic, assistant, view and help; About and Quit</source>
        <translation>インポート、トピック、アシスタント、表示、ヘルプ、バージョン情報、終了</translation>
    </message>
    <message>
        <source>Menu: %1 (%2)</source>
        <translation>メニュー：%1（%2）</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>アシスタント</translation>
    </message>
    <message>
        <source>Show %1&apos;s topics</source>
        <translation>%1 のトピックを表示</translation>
    </message>
    <message>
        <source>Assistant: %1</source>
        <translation>アシスタント：%1</translation>
    </message>
    <message>
        <source>Assistant: none yet</source>
        <translation>アシスタント：まだありません</translation>
    </message>
    <message>
        <source>%1. Switch assistant, or create or edit one</source>
        <translation>%1。アシスタントを切り替え、または作成・編集します</translation>
    </message>
</context>
<context>
    <name>Notifications</name>
    <message>
        <source>The reply is ready.</source>
        <translation>返信ができました。</translation>
    </message>
    <message>
        <source>The reply failed: %1</source>
        <translation>返信に失敗しました：%1</translation>
    </message>
    <message>
        <source>The reply failed.</source>
        <translation>返信に失敗しました。</translation>
    </message>
    <message>
        <source>The reply ended early; what arrived is kept.</source>
        <translation>返信が途中で終わりました。届いた分は残ります。</translation>
    </message>
    <message>
        <source>Memory dream · %1</source>
        <translation>ドリーム · %1</translation>
    </message>
    <message>
        <source>Memory dream</source>
        <translation>ドリーム</translation>
    </message>
    <message>
        <source>yyyy-MM-dd</source>
        <translation>yyyy年M月d日</translation>
    </message>
    <message>
        <source>It added card%1 for %2.</source>
        <translation>%2のカード%1を追加しました。</translation>
    </message>
    <message>
        <source>It rewrote card%1 for %2.</source>
        <translation>%2のカード%1を書き直しました。</translation>
    </message>
    <message>
        <source>Nothing new to remember from %1.</source>
        <translation>%1から新しく覚えることはありませんでした。</translation>
    </message>
    <message>
        <source>The dream for %1 failed: %2</source>
        <translation>%1のドリームに失敗しました：%2</translation>
    </message>
</context>
<context>
    <name>PageHeader</name>
    <message>
        <source>Back to chats</source>
        <translation>チャットに戻る</translation>
    </message>
    <message>
        <source>Back to chats (Esc)</source>
        <translation>チャットに戻る（Esc）</translation>
    </message>
</context>
<context>
    <name>ProbePanel</name>
    <message>
        <source>Kind</source>
        <translation>種類</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>質問</translation>
    </message>
    <message>
        <source>In the turns</source>
        <translation>ターン内の答え</translation>
    </message>
    <message>
        <source>Answer from the turns</source>
        <translation>ターンからの回答</translation>
    </message>
    <message>
        <source>Answer from the summary</source>
        <translation>要約からの回答</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>結果</translation>
    </message>
    <message>
        <source>Probe questions whose answers are in the covered turns (files and paths, decisions, open tasks, numbers) are asked of the History Compress model twice: with those turns, then with only the summary. A probe answered from the turns but not from the summary is one the summary lost.</source>
        <translation>対象のターンに答えがあるプローブ質問（ファイルとパス、決定、未完了のタスク、数値）を History Compress モデルに 2 回尋ねます。1 回目はそのターンを付けて、2 回目は要約だけを付けて。ターンからは答えられるのに要約からは答えられないプローブが、要約が失ったものです。</translation>
    </message>
    <message>
        <source>Lost</source>
        <translation>失われた</translation>
    </message>
    <message>
        <source>Kept</source>
        <translation>保持</translation>
    </message>
    <message>
        <source>Not in the turns&apos; answer</source>
        <translation>ターンの回答にない</translation>
    </message>
    <message>
        <source>Check &amp;summary…</source>
        <translation>要約を確認…</translation>
    </message>
    <message>
        <source>Work out the probe questions and show what the check costs; nothing is sent yet</source>
        <translation>プローブ質問を作り、確認にかかるコストを表示します。まだ何も送信しません</translation>
    </message>
    <message>
        <source>&amp;Run check</source>
        <translation>確認を実行</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>This summary has not been checked yet.</source>
        <translation>この要約はまだ確認されていません。</translation>
    </message>
    <message>
        <source>There is no summary to check.</source>
        <translation>確認する要約がありません。</translation>
    </message>
    <message>
        <source>%1 Checked by %2.</source>
        <translation>%1 確認したモデル：%2。</translation>
    </message>
    <message>
        <source>A compaction&apos;s new summary was refused and the old one kept. %1</source>
        <translation>圧縮の新しい要約は却下され、古い要約が残されました。%1</translation>
    </message>
    <message>
        <source>This check was of an earlier summary. %1</source>
        <translation>この確認は以前の要約に対するものです。%1</translation>
    </message>
    <message>
        <source>Working out the probes…</source>
        <translation>プローブを作成中…</translation>
    </message>
    <message>
        <source>The summary cannot be checked: %1</source>
        <translation>要約を確認できません：%1</translation>
    </message>
    <message>
        <source>Checking: %1…</source>
        <translation>確認中：%1…</translation>
    </message>
    <message>
        <source>The check failed; nothing was stored: %1</source>
        <translation>確認に失敗しました。何も保存されていません：%1</translation>
    </message>
    <message numerus="yes">
        <source>Sent %Ln request(s).</source>
        <translation><numerusform>%Ln 件のリクエストを送信しました。</numerusform></translation>
    </message>
    <message>
        <source>Stopped; nothing was stored.</source>
        <translation>停止しました。何も保存されていません。</translation>
    </message>
</context>
<context>
    <name>ProviderForm</name>
    <message>
        <source>OpenAI</source>
        <translation>OpenAI</translation>
    </message>
    <message>
        <source>OpenAI-compatible (OpenRouter, DeepSeek, Z.AI, Inception, Ollama, LM Studio, vLLM)</source>
        <translation>OpenAI 互換（OpenRouter、DeepSeek、Z.AI、Inception、Ollama、LM Studio、vLLM）</translation>
    </message>
    <message>
        <source>OpenAI Responses</source>
        <translation>OpenAI Responses</translation>
    </message>
    <message>
        <source>Anthropic</source>
        <translation>Anthropic</translation>
    </message>
    <message>
        <source>Anthropic-compatible</source>
        <translation>Anthropic 互換</translation>
    </message>
    <message>
        <source>key in OS keyring</source>
        <translation>キーは OS のキーリングに保存</translation>
    </message>
    <message>
        <source>key in a file only you can read</source>
        <translation>キーは自分だけが読めるファイルに保存</translation>
    </message>
    <message>
        <source>key from $%1</source>
        <translation>キーは $%1 から</translation>
    </message>
    <message>
        <source>no key</source>
        <translation>キーなし</translation>
    </message>
    <message>
        <source>The keyring option keeps it in %1.</source>
        <translation>キーリングを選ぶと %1 に保存されます。</translation>
    </message>
    <message>
        <source>⚠ %1. Keep the key in a file only you can read (not encrypted) or in an environment variable.</source>
        <translation>⚠ %1。キーは自分だけが読めるファイル（暗号化なし）か環境変数に保存してください。</translation>
    </message>
    <message>
        <source>⚠ %1. Keep the key in an environment variable.</source>
        <translation>⚠ %1。キーは環境変数に保存してください。</translation>
    </message>
    <message>
        <source>Add provider</source>
        <translation>プロバイダーを追加</translation>
    </message>
    <message>
        <source>Edit provider %1</source>
        <translation>プロバイダー %1 を編集</translation>
    </message>
    <message>
        <source>Stored in the keyring — leave empty to keep it</source>
        <translation>キーリングに保存済み — 空のままにすると維持します</translation>
    </message>
    <message>
        <source>Stored in the key file — leave empty to keep it</source>
        <translation>キーファイルに保存済み — 空のままにすると維持します</translation>
    </message>
    <message>
        <source>Enter the name of the environment variable that holds the key.</source>
        <translation>キーを保持する環境変数の名前を入力してください。</translation>
    </message>
    <message>
        <source>Paste the API key, or choose another key source.</source>
        <translation>API キーを貼り付けるか、別のキーの置き場所を選んでください。</translation>
    </message>
    <message>
        <source>&amp;Kind:</source>
        <translation>種類：</translation>
    </message>
    <message>
        <source>The wire protocol this provider speaks</source>
        <translation>このプロバイダーが話す通信プロトコル</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>名前：</translation>
    </message>
    <message>
        <source>e.g. OpenAI, OpenRouter, Local Ollama</source>
        <translation>例：OpenAI、OpenRouter、ローカル Ollama</translation>
    </message>
    <message>
        <source>Base &amp;URL:</source>
        <translation>ベース &amp;URL：</translation>
    </message>
    <message>
        <source>https://…/v1</source>
        <translation>https://…/v1</translation>
    </message>
    <message>
        <source>Which API the provider speaks; most services and local servers are OpenAI-compatible.</source>
        <translation>プロバイダーが話す API。ほとんどのサービスとローカルサーバーは OpenAI 互換です。</translation>
    </message>
    <message>
        <source>&lt;p&gt;Which API the provider speaks. &lt;b&gt;OpenAI-compatible&lt;/b&gt; covers OpenRouter, DeepSeek, Z.AI, Inception and local servers such as Ollama, LM Studio, vLLM and llama.cpp. &lt;b&gt;OpenAI Responses&lt;/b&gt; is OpenAI&apos;s newer API; &lt;b&gt;Anthropic&lt;/b&gt; speaks the Messages API.&lt;/p&gt;</source>
        <translation>&lt;p&gt;プロバイダーが話す API。&lt;b&gt;OpenAI 互換&lt;/b&gt;は OpenRouter、DeepSeek、Z.AI、Inception と、Ollama、LM Studio、vLLM、llama.cpp などのローカルサーバーを含みます。&lt;b&gt;OpenAI Responses&lt;/b&gt; は OpenAI の新しい API、&lt;b&gt;Anthropic&lt;/b&gt; は Messages API を話します。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Your name for it: assistants refer to the provider by this name.</source>
        <translation>あなたが付ける名前。アシスタントはこの名前でプロバイダーを参照します。</translation>
    </message>
    <message>
        <source>A unique name you choose. Assistants refer to the provider by it, and its API key is stored in the keyring under it.</source>
        <translation>あなたが選ぶ一意の名前。アシスタントはこの名前でプロバイダーを参照し、API キーもこの名前でキーリングに保存されます。</translation>
    </message>
    <message>
        <source>The API&apos;s address, usually ending in /v1; filled in for the chosen kind.</source>
        <translation>API のアドレス。通常 /v1 で終わり、選んだ種類に合わせて入力されます。</translation>
    </message>
    <message>
        <source>&lt;p&gt;The API&apos;s base address, usually ending in &lt;code&gt;/v1&lt;/code&gt;. It is filled in for the chosen kind; change it for OpenRouter (&lt;code&gt;https://openrouter.ai/api/v1&lt;/code&gt;), a proxy or a local server.&lt;/p&gt;</source>
        <translation>&lt;p&gt;API のベースアドレス。通常 &lt;code&gt;/v1&lt;/code&gt; で終わります。選んだ種類に合わせて入力されます。OpenRouter（&lt;code&gt;https://openrouter.ai/api/v1&lt;/code&gt;）、プロキシ、ローカルサーバーでは変更してください。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API キー</translation>
    </message>
    <message>
        <source>Store in OS &amp;keyring</source>
        <translation>OS のキーリングに保存</translation>
    </message>
    <message>
        <source>The key is saved in your system&apos;s keyring (Secret Service, macOS Keychain, Windows Credential Manager), never in ChatHub&apos;s database or exports.</source>
        <translation>キーはシステムのキーリング（Secret Service、macOS キーチェーン、Windows 資格情報マネージャー）に保存され、ChatHub のデータベースやエクスポートには入りません。</translation>
    </message>
    <message>
        <source>Paste the API key</source>
        <translation>API キーを貼り付け</translation>
    </message>
    <message>
        <source>Store in a &amp;file only you can read (not encrypted)</source>
        <translation>自分だけが読めるファイルに保存（暗号化なし）</translation>
    </message>
    <message>
        <source>&lt;p&gt;For computers without an OS keyring: the key pasted beside it is saved in &lt;code&gt;provider-keys.cfg&lt;/code&gt; in ChatHub&apos;s data folder, a file only your user account can read (mode 0600). It is not encrypted: anyone who can read your files can read it. Never in the database, an export or a log.&lt;/p&gt;</source>
        <translation>&lt;p&gt;OS のキーリングがないコンピューター向け：横に貼り付けたキーは ChatHub のデータフォルダーの &lt;code&gt;provider-keys.cfg&lt;/code&gt; に保存されます。あなたのユーザーアカウントだけが読めるファイル（モード 0600）です。暗号化はされないため、あなたのファイルを読める人は誰でも読めます。データベース、エクスポート、ログには入りません。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Read from &amp;environment variable</source>
        <translation>環境変数から読む</translation>
    </message>
    <message>
        <source>ChatHub reads the key from this environment variable each time it sends.</source>
        <translation>ChatHub は送信のたびにこの環境変数からキーを読みます。</translation>
    </message>
    <message>
        <source>e.g. OPENAI_API_KEY</source>
        <translation>例：OPENAI_API_KEY</translation>
    </message>
    <message>
        <source>No key (&amp;local server)</source>
        <translation>キーなし（ローカルサーバー）</translation>
    </message>
    <message>
        <source>For local servers (Ollama, LM Studio, llama.cpp) that accept requests without a key.</source>
        <translation>キーなしでリクエストを受け付けるローカルサーバー（Ollama、LM Studio、llama.cpp）向けです。</translation>
    </message>
    <message>
        <source>Keys never go into the database, an export or a log. When editing, leave the key empty to keep the stored one.</source>
        <translation>キーはデータベース、エクスポート、ログに入りません。編集時はキーを空にすると保存済みのキーを維持します。</translation>
    </message>
    <message>
        <source>&lt;p&gt;Where ChatHub finds the API key. Keys are never written to the database, an export or a log. When editing, leave the key empty to keep the stored one.&lt;/p&gt;</source>
        <translation>&lt;p&gt;ChatHub が API キーを見つける場所。キーはデータベース、エクスポート、ログに書かれません。編集時はキーを空にすると保存済みのキーを維持します。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>the server answered with an empty model list</source>
        <translation>サーバーは空のモデル一覧を返しました</translation>
    </message>
    <message>
        <source>No model list from this URL: %1. Check the URL, or type the model id the server runs and Save anyway.</source>
        <translation>この URL からモデル一覧が得られません：%1。URL を確認するか、サーバーが動かしているモデル ID を入力して「それでも保存」を押してください。</translation>
    </message>
    <message>
        <source>Model id, e.g. smollm2-135m</source>
        <translation>モデル ID（例：smollm2-135m）</translation>
    </message>
    <message>
        <source>Model id the server runs</source>
        <translation>サーバーが動かしているモデル ID</translation>
    </message>
    <message>
        <source>Save &amp;anyway</source>
        <translation>それでも保存</translation>
    </message>
    <message>
        <source>Save this provider with the model id typed as its model list</source>
        <translation>入力したモデル ID をモデル一覧としてこのプロバイダーを保存します</translation>
    </message>
</context>
<context>
    <name>ProvidersPage</name>
    <message>
        <source>Not listed yet. Test connection asks the provider for its models.</source>
        <translation>まだ一覧がありません。接続テストでプロバイダーにモデル一覧を問い合わせます。</translation>
    </message>
    <message>
        <source>&amp;Use this provider</source>
        <translation>このプロバイダーを使う</translation>
    </message>
    <message>
        <source>Off: its models leave every model list and a chat that needs it says so; its key and settings are kept</source>
        <translation>オフ：そのモデルはすべてのモデル一覧から外れ、必要とするチャットはそう伝えます。キーと設定は残ります</translation>
    </message>
    <message>
        <source>Base URL</source>
        <translation>ベース URL</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API キー</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>モデル</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>接続テスト</translation>
    </message>
    <message>
        <source>Ask the provider for its model list with the stored settings</source>
        <translation>保存した設定でプロバイダーにモデル一覧を問い合わせます</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>編集…</translation>
    </message>
    <message>
        <source>Change the provider&apos;s URL or key source</source>
        <translation>プロバイダーの URL やキーの取得元を変更します</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>削除</translation>
    </message>
    <message>
        <source>Delete the provider and its stored key</source>
        <translation>プロバイダーと保存したキーを削除します</translation>
    </message>
    <message>
        <source>%1 (off)</source>
        <translation>%1（オフ）</translation>
    </message>
    <message>
        <source>The key is kept in your system&apos;s keyring, not in ChatHub&apos;s files. Edit… replaces it.</source>
        <translation>キーは ChatHub のファイルではなく、システムのキーリングに保存されています。「編集…」で置き換えられます。</translation>
    </message>
    <message>
        <source>The key is kept in a file only your account can read. Edit… replaces it.</source>
        <translation>キーはあなたのアカウントだけが読めるファイルに保存されています。「編集…」で置き換えられます。</translation>
    </message>
    <message>
        <source>The key is read from the environment variable %1 each time a request is sent.</source>
        <translation>リクエストを送るたびに環境変数 %1 からキーを読み取ります。</translation>
    </message>
    <message>
        <source>A server on your own computer or network needs no key.</source>
        <translation>自分のコンピューターやネットワーク上のサーバーにはキーは不要です。</translation>
    </message>
    <message>
        <source>No key is stored. If the provider asks for one, add it with Edit….</source>
        <translation>キーは保存されていません。プロバイダーが求める場合は「編集…」で追加してください。</translation>
    </message>
    <message>
        <source>%1 · %2-token window</source>
        <translation>%1 · %2 トークンのウィンドウ</translation>
    </message>
    <message>
        <source>and %1 more</source>
        <translation>ほか %1 件</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>接続</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>読み込み中…</translation>
    </message>
    <message>
        <source>Not tested yet in this session. Test connection checks the address, the key and the model list, and times the answer.</source>
        <translation>このセッションではまだテストしていません。「接続テスト」はアドレス、キー、モデル一覧を確認し、応答時間を計ります。</translation>
    </message>
    <message>
        <source>Providers are the APIs your assistants chat through. API keys live in the OS keyring, in a file only you can read, or in an environment variable; never in the database.</source>
        <translation>プロバイダーはアシスタントが会話に使う API です。API キーは OS のキーリング、あなただけが読めるファイル、または環境変数に保存され、データベースには入りません。</translation>
    </message>
    <message>
        <source>No providers yet. Add OpenAI, Anthropic, OpenRouter or a local server such as Ollama to start chatting.</source>
        <translation>プロバイダーはまだありません。OpenAI、Anthropic、OpenRouter、または Ollama などのローカルサーバーを追加するとチャットを始められます。</translation>
    </message>
    <message>
        <source>Add a provider…</source>
        <translation>プロバイダーを追加…</translation>
    </message>
    <message>
        <source>Providers</source>
        <translation>プロバイダー</translation>
    </message>
    <message>
        <source>Add provider…</source>
        <translation>プロバイダーを追加…</translation>
    </message>
    <message>
        <source>Add a provider (OpenAI, Anthropic, OpenRouter, a local server, …)</source>
        <translation>プロバイダーを追加（OpenAI、Anthropic、OpenRouter、ローカルサーバーなど）</translation>
    </message>
    <message>
        <source>Replies</source>
        <translation>返信</translation>
    </message>
    <message>
        <source>Tell me when a provider sends nothing for</source>
        <translation>プロバイダーから何も届かないときに知らせるまでの時間</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>A reply then shows “No data from &lt;host&gt; for N s” with Stop and Retry; it keeps waiting until you choose (or the 10-minute read timeout ends it). Default 60 s</source>
        <translation>その後、返信に「&lt;host&gt; から N 秒データがありません」と停止・再試行が表示されます。選ぶまで待ち続けます（10 分の読み取りタイムアウトで終わることもあります）。既定は 60 秒</translation>
    </message>
    <message>
        <source>%1
Kind: %2
URL: %3
%4</source>
        <translation>%1
種類：%2
URL：%3
%4</translation>
    </message>
    <message>
        <source>The reply then offers Stop and Retry; it keeps waiting until you choose.</source>
        <translation>その返信に「停止」と「再試行」が表示されます。選ぶまで待ち続けます。</translation>
    </message>
    <message>
        <source> MB</source>
        <translation> MB</translation>
    </message>
    <message>
        <source>A reply longer than this stops and is kept cut at the limit, with a note. Default %1 MB; the environment variable %2 wins when set</source>
        <translation>これより長い返信は停止し、上限までで切り詰めて注記付きで保存します。既定値は %1 MB。環境変数 %2 が設定されていればそちらが優先されます</translation>
    </message>
    <message>
        <source>A longer reply stops there and is kept, cut, with a note.</source>
        <translation>これより長い返信はそこで止まり、切れた状態で注記付きで残ります。</translation>
    </message>
    <message>
        <source>Testing…</source>
        <translation>テスト中…</translation>
    </message>
    <message>
        <source>Delete provider</source>
        <translation>プロバイダーを削除</translation>
    </message>
    <message>
        <source>Delete provider “%1” and its stored API key? Assistants using it keep their settings but cannot send until you pick another.</source>
        <translation>プロバイダー「%1」と保存した API キーを削除しますか？ 使っているアシスタントの設定は残りますが、別のものを選ぶまで送信できません。</translation>
    </message>
</context>
<context>
    <name>RangeHint</name>
    <message>
        <source>Allowed: %1–%2%3</source>
        <translation>許容範囲：%1〜%2%3</translation>
    </message>
    <message>
        <source>empty</source>
        <translation>空欄</translation>
    </message>
    <message>
        <source>“%1” was not kept. %2</source>
        <translation>「%1」は保持されませんでした。%2</translation>
    </message>
</context>
<context>
    <name>RecallVectors</name>
    <message>
        <source>Recall by meaning</source>
        <translation>意味で思い出す</translation>
    </message>
    <message>
        <source>Assistants can look back at earlier topics by what they meant, not only by their words. Each message is prepared once, on this computer, in the background.</source>
        <translation>アシスタントは言葉だけでなく意味から以前のトピックを振り返れます。各メッセージはこのコンピューター上でバックグラウンドで一度だけ準備されます。</translation>
    </message>
    <message>
        <source>Messages prepared for recall by meaning</source>
        <translation>意味で思い出すために準備済みのメッセージ</translation>
    </message>
    <message>
        <source>Stop preparing messages for now; what is done is kept</source>
        <translation>メッセージの準備をいったん止めます。済んだ分は残ります</translation>
    </message>
    <message>
        <source>Counting messages…</source>
        <translation>メッセージを数えています…</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>再開</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>一時停止</translation>
    </message>
    <message>
        <source>All %1 messages are ready.</source>
        <translation>%1 件のメッセージがすべて準備できました。</translation>
    </message>
    <message>
        <source>No messages yet.</source>
        <translation>メッセージはまだありません。</translation>
    </message>
    <message>
        <source>Paused: %1 of %2 messages ready; the rest are found by their words.</source>
        <translation>一時停止中：%2 件中 %1 件が準備済み。残りは言葉で見つけます。</translation>
    </message>
    <message>
        <source>Preparing: %1 of %2 messages ready.</source>
        <translation>準備中：%2 件中 %1 件が準備済み。</translation>
    </message>
</context>
<context>
    <name>ReceiptDialog</name>
    <message>
        <source>Input tokens</source>
        <translation>入力トークン</translation>
    </message>
    <message>
        <source>Parts</source>
        <translation>内訳</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>メモリ</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>要約</translation>
    </message>
    <message>
        <source>History</source>
        <translation>履歴</translation>
    </message>
    <message>
        <source>Pinned</source>
        <translation>ピン留め</translation>
    </message>
    <message>
        <source>Continued</source>
        <translation>続き</translation>
    </message>
    <message>
        <source>Recalled topics</source>
        <translation>参照したトピック</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>ツール</translation>
    </message>
    <message>
        <source>Sampling</source>
        <translation>サンプリング</translation>
    </message>
    <message>
        <source>What this reply&apos;s request carried</source>
        <translation>この返信のリクエストに含まれていたもの</translation>
    </message>
    <message>
        <source>Reply %1 — what the model was given to write it: which parts and messages, and how many tokens each took. The texts stay in the topic.</source>
        <translation>返信 %1 — これを書くためにモデルに渡されたもの：どの部分とメッセージか、それぞれ何トークンだったか。テキスト自体はトピックに残っています。</translation>
    </message>
    <message>
        <source>%1:</source>
        <translation>%1：</translation>
    </message>
    <message>
        <source>Copy as JSON</source>
        <translation>JSON としてコピー</translation>
    </message>
    <message>
        <source>Copy this receipt as JSON (the same as topic show --receipts --json)</source>
        <translation>この明細を JSON としてコピーします（topic show --receipts --json と同じ）</translation>
    </message>
    <message>
        <source>Open “%1”</source>
        <translation>「%1」を開く</translation>
    </message>
    <message>
        <source>untitled</source>
        <translation>無題</translation>
    </message>
    <message>
        <source>Open topic %1, which this reply recalled</source>
        <translation>この返信が参照したトピック %1 を開く</translation>
    </message>
    <message>
        <source>instructions</source>
        <translation>指示</translation>
    </message>
    <message>
        <source>tools</source>
        <translation>ツール</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>メモリ</translation>
    </message>
    <message>
        <source>summary</source>
        <translation>要約</translation>
    </message>
    <message>
        <source>pinned</source>
        <translation>ピン留め</translation>
    </message>
    <message>
        <source>history</source>
        <translation>履歴</translation>
    </message>
    <message>
        <source>draft</source>
        <translation>下書き</translation>
    </message>
    <message>
        <source>continue instruction</source>
        <translation>続きの指示</translation>
    </message>
    <message>
        <source>images</source>
        <translation>画像</translation>
    </message>
    <message>
        <source>knowledge</source>
        <translation>ナレッジ</translation>
    </message>
    <message>
        <source>system</source>
        <translation>システム</translation>
    </message>
    <message>
        <source>fixed</source>
        <translation>固定</translation>
    </message>
    <message>
        <source>dream</source>
        <translation>ドリームカード</translation>
    </message>
    <message>
        <source>untrusted</source>
        <translation>未信頼</translation>
    </message>
    <message>
        <source>none</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>not reported</source>
        <translation>報告なし</translation>
    </message>
    <message>
        <source>local estimate %1 · provider reported %2</source>
        <translation>ローカル見積もり %1 · プロバイダー報告 %2</translation>
    </message>
    <message>
        <source>, cache hit %1 (%2%)</source>
        <translation>、キャッシュヒット %1（%2%）</translation>
    </message>
    <message>
        <source>none — this topic is private</source>
        <translation>なし — このトピックは非公開です</translation>
    </message>
    <message>
        <source> (truncated)</source>
        <translation>（切り詰め）</translation>
    </message>
    <message>
        <source>recap turns</source>
        <translation>要約ターン</translation>
    </message>
    <message>
        <source>summary block</source>
        <translation>要約ブロック</translation>
    </message>
    <message>
        <source>%1, %2 tokens, covers up to message %3</source>
        <translation>%1、%2 トークン、メッセージ %3 まで</translation>
    </message>
    <message>
        <source> (by %1)</source>
        <translation>（%1 による）</translation>
    </message>
    <message>
        <source> (its cursor was gone; rebuilt next time)</source>
        <translation>（カーソルが消えたため、次回作り直します）</translation>
    </message>
    <message>
        <source> (messages %1…%2)</source>
        <translation>（メッセージ %1…%2）</translation>
    </message>
    <message>
        <source>%1 sent%2; %3 left out by the history limit; %4 replaced by the summary</source>
        <translation>%1 件を送信%2；%3 件は履歴の上限で省略；%4 件は要約に置き換え</translation>
    </message>
    <message>
        <source>, %1 left out by the tail cap</source>
        <translation>、%1 件は末尾の上限で省略</translation>
    </message>
    <message>
        <source>%1 kept verbatim (messages %2), %3 tokens</source>
        <translation>%1 件をそのまま保持（メッセージ %2）、%3 トークン</translation>
    </message>
    <message>
        <source>%1 (topic %2)</source>
        <translation>%1（トピック %2）</translation>
    </message>
    <message>
        <source> and %1 more (Copy as JSON lists them)</source>
        <translation> ほか %1 件（「JSON としてコピー」ですべて表示）</translation>
    </message>
    <message>
        <source>the reply so far was sent back with an instruction to go on (continuation %1)</source>
        <translation>ここまでの返信を、続きを書く指示とともに送り返しました（続き %1 回目）</translation>
    </message>
    <message>
        <source>none — this server&apos;s chat template doesn&apos;t accept tools</source>
        <translation>なし — このサーバーのチャットテンプレートはツールを受け付けません</translation>
    </message>
    <message>
        <source>temperature %1</source>
        <translation>温度 %1</translation>
    </message>
    <message>
        <source>top-p %1</source>
        <translation>top-p %1</translation>
    </message>
    <message>
        <source>reasoning effort %1</source>
        <translation>推論の強さ %1</translation>
    </message>
    <message>
        <source>thinking budget %1 tokens</source>
        <translation>思考予算 %1 トークン</translation>
    </message>
    <message>
        <source>provider defaults</source>
        <translation>プロバイダーの既定値</translation>
    </message>
</context>
<context>
    <name>ReplyNotice</name>
    <message>
        <source>No data from %1 for %2 s — still waiting.</source>
        <translation>%1 から %2 秒間データがありません — 待機中です。</translation>
    </message>
    <message>
        <source>%1; trying again in %2 s…</source>
        <translation>%1。%2 秒後に再試行します…</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop this reply (Esc); the text so far is kept</source>
        <translation>この応答を停止します（Esc）。ここまでのテキストは残ります</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>再試行</translation>
    </message>
    <message>
        <source>Stop waiting and ask the provider for this reply again</source>
        <translation>待つのをやめ、この応答をプロバイダーにもう一度求めます</translation>
    </message>
</context>
<context>
    <name>ReplyVersions</name>
    <message>
        <source> — the topic summary written for this branch is back</source>
        <translation> — このブランチ用に書いたトピックの要約が戻りました</translation>
    </message>
    <message>
        <source> — the topic summary covered the other branch and was cleared; the next compaction rebuilds it</source>
        <translation> — トピックの要約は別のブランチのものだったので消去しました。次の圧縮で作り直します</translation>
    </message>
    <message>
        <source>&amp;Regenerate reply</source>
        <translation>返信を再生成</translation>
    </message>
    <message>
        <source>Ask again for the open topic&apos;s last reply with the same context; it stays a version (Ctrl+R)</source>
        <translation>開いているトピックの最後の返信を同じコンテキストでもう一度求めます。元の返信は版として残ります（Ctrl+R）</translation>
    </message>
    <message>
        <source>Regenerate &amp;with</source>
        <translation>別のモデルで再生成</translation>
    </message>
    <message>
        <source>Ask again for the last reply with another model, for this reply only; the topic keeps its model</source>
        <translation>最後の返信を別のモデルでもう一度求めます（この返信だけ）。トピックのモデルは変わりません</translation>
    </message>
    <message>
        <source>Regenerate the last reply with %1 (%2), this reply only</source>
        <translation>最後の返信を %1（%2）で再生成します（この返信のみ）</translation>
    </message>
    <message>
        <source>No models to offer yet</source>
        <translation>まだ提示できるモデルがありません</translation>
    </message>
    <message>
        <source>Showing version %1 / %2</source>
        <translation>バージョン %1 / %2 を表示中</translation>
    </message>
</context>
<context>
    <name>SearchController</name>
    <message>
        <source>&amp;Search everything…</source>
        <translation>すべてを検索…</translation>
    </message>
    <message>
        <source>Search every topic&apos;s messages, memory and dream cards (Ctrl+K or Ctrl+Shift+F)</source>
        <translation>すべてのトピックのメッセージ、メモリ、ドリームカードを検索（Ctrl+K または Ctrl+Shift+F）</translation>
    </message>
    <message>
        <source>Showing version %1 / %2</source>
        <translation>バージョン %1 / %2 を表示中</translation>
    </message>
    <message>
        <source>Cannot show version %1 / %2 now: %3</source>
        <translation>いまはバージョン %1 / %2 を表示できません：%3</translation>
    </message>
    <message>
        <source>That message is on another version of an earlier turn: use ‹ › on the highlighted turn</source>
        <translation>そのメッセージは前のターンの別バージョンにあります。強調表示されたターンの ‹ › で切り替えてください</translation>
    </message>
    <message>
        <source>That topic is not listed any more</source>
        <translation>そのトピックはもう一覧にありません</translation>
    </message>
    <message>
        <source>That message is no longer in the topic</source>
        <translation>そのメッセージはもうトピックにありません</translation>
    </message>
</context>
<context>
    <name>SearchPage</name>
    <message>
        <source>Any time</source>
        <translation>すべての期間</translation>
    </message>
    <message>
        <source>Past week</source>
        <translation>過去 1 週間</translation>
    </message>
    <message>
        <source>Past month</source>
        <translation>過去 1 か月</translation>
    </message>
    <message>
        <source>Past year</source>
        <translation>過去 1 年</translation>
    </message>
    <message>
        <source>Anyone</source>
        <translation>すべて</translation>
    </message>
    <message>
        <source>You</source>
        <translation>あなた</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>アシスタント</translation>
    </message>
    <message>
        <source>Memory #%1</source>
        <translation>メモリ #%1</translation>
    </message>
    <message>
        <source>Dream card #%1</source>
        <translation>ドリームカード #%1</translation>
    </message>
    <message>
        <source>Search everything</source>
        <translation>すべてを検索</translation>
    </message>
    <message>
        <source>Words from any topic&apos;s messages, memory entries and dream cards. Up and Down move between results; Enter opens one.</source>
        <translation>すべてのトピックのメッセージ、メモリ項目、ドリームカードから語を探します。上下キーで結果を移動し、Enter で開きます。</translation>
    </message>
    <message>
        <source>Finds what holds every word. A word matches at the start of a word: “car” finds car, cars, car-sharing and carrying, not scar. Chinese and Japanese match anywhere. Put words in double quotes to find them together.</source>
        <translation>すべての語を含むものを探します。語は単語の先頭で一致します。「car」は car、cars、car-sharing、carrying に一致しますが、scar には一致しません。中国語と日本語はどの位置でも一致します。複数の語をダブルクォートで囲むと、まとめて探せます。</translation>
    </message>
    <message>
        <source>No results</source>
        <translation>結果なし</translation>
    </message>
    <message>
        <source>Nothing matches these words. Try other words, or fewer of them.</source>
        <translation>一致するものがありません。別の語か、より少ない語で試してください。</translation>
    </message>
    <message>
        <source>Nothing matches these words within the filters. Try other words, or clear the filters.</source>
        <translation>フィルターの範囲で一致するものがありません。別の語で試すか、フィルターを解除してください。</translation>
    </message>
    <message>
        <source>Clear filters</source>
        <translation>フィルターを解除</translation>
    </message>
    <message>
        <source>similar</source>
        <translation>類似</translation>
    </message>
    <message>
        <source>Found by meaning: this message is close to what you typed but does not hold all of its words</source>
        <translation>意味で見つかりました：入力した内容に近いメッセージですが、すべての語を含んではいません</translation>
    </message>
    <message>
        <source>Similar in meaning</source>
        <translation>意味が近いもの</translation>
    </message>
    <message>
        <source>Found by meaning: this entry is close to what you typed but does not hold all of its words</source>
        <translation>意味で見つかりました：入力した内容に近い項目ですが、すべての語を含んではいません</translation>
    </message>
    <message>
        <source>on another version</source>
        <translation>別のバージョン</translation>
    </message>
    <message>
        <source>on another version · %1 / %2</source>
        <translation>別のバージョン · %1 / %2</translation>
    </message>
    <message>
        <source>This message is on a version the topic does not show now: opening it switches that turn to this version</source>
        <translation>このメッセージはトピックにいま表示されていないバージョンにあります。開くと、そのターンがこのバージョンに切り替わります</translation>
    </message>
    <message>
        <source>No matches</source>
        <translation>一致する項目はありません</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>検索</translation>
    </message>
    <message>
        <source>Search every topic&apos;s messages, memory and dream cards…</source>
        <translation>すべてのトピックのメッセージ、メモリ、ドリームカードを検索…</translation>
    </message>
    <message>
        <source>All assistants</source>
        <translation>すべてのアシスタント</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>日付</translation>
    </message>
    <message>
        <source>Written by</source>
        <translation>書いた人</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>検索中…</translation>
    </message>
    <message>
        <source>Messages</source>
        <translation>メッセージ</translation>
    </message>
    <message>
        <source>Memory &amp;&amp; dream cards</source>
        <translation>メモリとドリームカード</translation>
    </message>
    <message>
        <source>%1 (%2 + %3 similar)</source>
        <translation>%1（%2 + 類似 %3）</translation>
    </message>
    <message>
        <source>Type to search. Enter opens the selected result.</source>
        <translation>入力すると検索します。Enter で選んだ結果を開きます。</translation>
    </message>
    <message>
        <source>%1 in %2, %3</source>
        <translation>%2 の %1、%3</translation>
    </message>
    <message numerus="yes">
        <source>%n message(s)</source>
        <translation><numerusform>%n 件のメッセージ</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n topic(s)</source>
        <translation><numerusform>%n 個のトピック</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n memory entries and cards</source>
        <translation><numerusform>メモリ項目とカード %n 件</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n more memory entries and cards similar in meaning</source>
        <translation><numerusform>ほかに意味の近いメモリ項目とカードが %n 件</numerusform></translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1；%2</translation>
    </message>
    <message numerus="yes">
        <source>%n more message(s) similar in meaning</source>
        <translation><numerusform>ほかに意味の近いメッセージが %n 件</numerusform></translation>
    </message>
</context>
<context>
    <name>SendController</name>
    <message>
        <source>Stopped — the text so far is kept</source>
        <translation>停止しました — ここまでのテキストは残ります</translation>
    </message>
    <message>
        <source>Stopped before the reply began — nothing was kept</source>
        <translation>返信が始まる前に停止しました — 何も残っていません</translation>
    </message>
    <message>
        <source>This reply can no longer be continued: it has changed since</source>
        <translation>この返信はもう続けられません：その後に変更されています</translation>
    </message>
</context>
<context>
    <name>ServiceReasons</name>
    <message>
        <source>the memory changed in another window or command since it was opened; nothing was saved</source>
        <translation>開いた後に別のウィンドウまたはコマンドでメモリが変更されました。何も保存されていません</translation>
    </message>
    <message>
        <source>the store is busy: another ChatHub process is writing; nothing was changed, try again when it is done</source>
        <translation>ストアが使用中です：別の ChatHub プロセスが書き込み中です。何も変更されていません。終わってからもう一度試してください</translation>
    </message>
    <message>
        <source>a memory entry must not be empty</source>
        <translation>メモリの項目は空にできません</translation>
    </message>
    <message>
        <source>a memory entry must not be empty; delete it instead</source>
        <translation>メモリの項目は空にできません。代わりに削除してください</translation>
    </message>
    <message>
        <source>a card cannot be empty; delete it instead</source>
        <translation>カードは空にできません。代わりに削除してください</translation>
    </message>
    <message>
        <source>there is no previous version of dynamic memory to restore</source>
        <translation>戻せる動的メモリの前のバージョンはありません</translation>
    </message>
    <message>
        <source>no message %1</source>
        <translation>メッセージ %1 はありません</translation>
    </message>
    <message>
        <source>no topic %1</source>
        <translation>トピック %1 はありません</translation>
    </message>
    <message>
        <source>no provider %1</source>
        <translation>プロバイダー %1 はありません</translation>
    </message>
    <message>
        <source>the edited message is empty</source>
        <translation>編集したメッセージが空です</translation>
    </message>
    <message>
        <source>a reply is still being written in this topic; press Stop first</source>
        <translation>このトピックではまだ返信を書いています。先に「停止」を押してください</translation>
    </message>
    <message>
        <source>nothing to gain: %1 %2 tokens of the next request and %3; nothing was summarized</source>
        <translation>効果なし：%1次のリクエストの %2 トークンを占め、%3。何も要約しませんでした</translation>
    </message>
    <message>
        <source>these %1 messages take</source>
        <translation>この %1 件のメッセージは</translation>
    </message>
    <message>
        <source>this message takes</source>
        <translation>このメッセージは</translation>
    </message>
    <message>
        <source>the summary would grow by about %1</source>
        <translation>要約は約 %1 トークン増えます</translation>
    </message>
    <message>
        <source>a summary of them would take about %1</source>
        <translation>その要約には約 %1 トークンかかります</translation>
    </message>
    <message>
        <source>a summary of it would take about %1</source>
        <translation>その要約には約 %1 トークンかかります</translation>
    </message>
    <message>
        <source>nothing to gain: a summary of these %1 messages would not make the next request smaller (%2 → %3 tokens); the old summary is kept</source>
        <translation>効果なし：この %1 件のメッセージを要約しても次のリクエストは小さくなりません（%2 → %3 トークン）。古い要約を残します</translation>
    </message>
    <message>
        <source>nothing to gain: a summary of these %1 message would not make the next request smaller (%2 → %3 tokens); the old summary is kept</source>
        <translation>効果なし：この %1 件のメッセージを要約しても次のリクエストは小さくなりません（%2 → %3 トークン）。古い要約を残します</translation>
    </message>
    <message>
        <source>this topic is short</source>
        <translation>このトピックは短いです</translation>
    </message>
    <message>
        <source>every earlier turn is in the summary already</source>
        <translation>以前のターンはすべて要約に含まれています</translation>
    </message>
    <message>
        <source>already below the low watermark</source>
        <translation>すでに下限ラインを下回っています</translation>
    </message>
    <message>
        <source>only regular topic chats use topic compaction</source>
        <translation>トピックの圧縮を使うのは通常のトピックのチャットだけです</translation>
    </message>
    <message>
        <source>the latest turn plus instructions, tools and memory already exceed the low watermark (%1 tokens)</source>
        <translation>最新のターンと指示、ツール、メモリだけで下限ライン（%1 トークン）を超えています</translation>
    </message>
    <message>
        <source>the History Compress model&apos;s context window (%1 tokens) is too small to summarize this topic; choose a model with a larger window</source>
        <translation>History Compress モデルのコンテキストウィンドウ（%1 トークン）が小さすぎて、このトピックを要約できません。ウィンドウの大きいモデルを選んでください</translation>
    </message>
    <message>
        <source>no batch was processed</source>
        <translation>処理されたバッチはありません</translation>
    </message>
    <message>
        <source>the topic was edited while it was being compacted; try again</source>
        <translation>圧縮中にトピックが編集されました。もう一度お試しください</translation>
    </message>
    <message>
        <source>automatic compaction is paused after %1 failures until %2</source>
        <translation>%1 回の失敗により、自動圧縮は %2 まで一時停止しています</translation>
    </message>
    <message>
        <source>the low watermark was already out of reach for this unchanged chat</source>
        <translation>変化のないこのチャットでは、下限ラインにはすでに届きません</translation>
    </message>
    <message>
        <source>the topic&apos;s summary changed while it was being compacted; try again</source>
        <translation>圧縮中にトピックの要約が変わりました。もう一度お試しください</translation>
    </message>
    <message>
        <source>compacted %1 of %2 batches, then failed: %3</source>
        <translation>%2 バッチのうち %1 バッチを圧縮した後、失敗しました：%3</translation>
    </message>
    <message>
        <source>compacted %1 messages; the next request is still above the low watermark (%2 tokens) because the latest turn and the fixed context alone are that large</source>
        <translation>%1 件のメッセージを圧縮しました。最新のターンと固定のコンテキストだけでこの大きさのため、次のリクエストはまだ下限ライン（%2 トークン）を上回っています</translation>
    </message>
    <message>
        <source>compacted %1 messages in %2 batches</source>
        <translation>%1 件のメッセージを %2 バッチで圧縮しました</translation>
    </message>
    <message>
        <source>compacted %1 messages in %2 batch</source>
        <translation>%1 件のメッセージを %2 バッチで圧縮しました</translation>
    </message>
    <message>
        <source>; more turns remain for the next run</source>
        <translation>。残りのターンは次回に回します</translation>
    </message>
    <message>
        <source>; the summary reached the History Compress model&apos;s length limit, so only its complete part was kept</source>
        <translation>；要約が History Compress モデルの長さの上限に達したため、完全な部分だけを残しました</translation>
    </message>
    <message>
        <source>choose one in Settings → System Agent (headless: settings set history-compress-model PROVIDER/MODEL)</source>
        <translation>設定 → システムエージェント で選んでください（ヘッドレスでは settings set history-compress-model PROVIDER/MODEL）</translation>
    </message>
    <message>
        <source>the History Compress model cannot be used: %1</source>
        <translation>History Compress モデルを使えません：%1</translation>
    </message>
    <message>
        <source>the History Compress model&apos;s context window (%1 tokens) is too small for this batch: its prompt needs about %2 tokens and the summary %3 more; choose a History Compress model with a larger window</source>
        <translation>History Compress モデルのコンテキストウィンドウ（%1 トークン）はこのバッチには小さすぎます：プロンプトに約 %2 トークン、要約にさらに %3 トークン必要です。ウィンドウの大きいHistory Compress モデルを選んでください</translation>
    </message>
    <message>
        <source>the History Compress model stopped at its token limit before completing one sentence of the summary</source>
        <translation>History Compress モデルは要約を 1 文も書き終えないうちにトークンの上限で止まりました</translation>
    </message>
    <message>
        <source>the History Compress model returned an empty summary</source>
        <translation>History Compress モデルが空の要約を返しました</translation>
    </message>
    <message>
        <source>the History Compress model did not answer within %1 s</source>
        <translation>History Compress モデルが %1 秒以内に応答しませんでした</translation>
    </message>
    <message>
        <source>the History Compress model rejected the batch as too long for its context window: %1</source>
        <translation>History Compress モデルは、バッチがコンテキストウィンドウに対して長すぎるとして拒否しました：%1</translation>
    </message>
    <message>
        <source>the History Compress model failed: %1</source>
        <translation>History Compress モデルが失敗しました：%1</translation>
    </message>
    <message>
        <source>the History Compress model request failed: %1</source>
        <translation>History Compress モデルへのリクエストが失敗しました：%1</translation>
    </message>
    <message>
        <source>the History Compress model answered with a tool call instead of text</source>
        <translation>History Compress モデルがテキストではなくツール呼び出しで応答しました</translation>
    </message>
    <message>
        <source>the History Compress model answered with reasoning only, no text</source>
        <translation>History Compress モデルは推論だけを返し、テキストがありませんでした</translation>
    </message>
    <message>
        <source>no History Compress model is chosen</source>
        <translation>History Compress モデルが選ばれていません</translation>
    </message>
    <message>
        <source>none of your providers serves the History Compress model %1 (the model that writes summaries)</source>
        <translation>History Compress モデル %1（要約を書くモデル）を提供するプロバイダーがありません</translation>
    </message>
    <message>
        <source>add an OpenAI provider, or %1</source>
        <translation>OpenAI プロバイダーを追加するか、%1</translation>
    </message>
    <message>
        <source>%1 already has a dream card (#%2)</source>
        <translation>%1にはすでにドリームカードがあります（#%2）</translation>
    </message>
    <message>
        <source>%1 is already folded into range card #%2 [%3]</source>
        <translation>%1はすでに範囲カード #%2 [%3] にまとめられています</translation>
    </message>
    <message>
        <source>the card for %1 waits for review (proposal #%2)</source>
        <translation>%1のカードは確認待ちです（提案 #%2）</translation>
    </message>
    <message>
        <source>no topic had messages on %1</source>
        <translation>%1にはメッセージのあるトピックがありませんでした</translation>
    </message>
    <message>
        <source>no topic has messages on %1 any more</source>
        <translation>%1にメッセージのあるトピックはもうありません</translation>
    </message>
    <message>
        <source>%1 showed nothing new about how you work</source>
        <translation>%1には、あなたの仕事の仕方について新しいことはありませんでした</translation>
    </message>
    <message>
        <source>the card for %1 repeated %2</source>
        <translation>%1のカードは %2 の繰り返しでした</translation>
    </message>
    <message>
        <source>nothing was written for %1: %2</source>
        <translation>%1については何も書き込みませんでした：%2</translation>
    </message>
    <message>
        <source>%1 got a dream card meanwhile</source>
        <translation>%1にはその間にドリームカードができました</translation>
    </message>
    <message>
        <source>%1 got a card or a proposal meanwhile</source>
        <translation>%1にはその間にカードか提案ができました</translation>
    </message>
    <message>
        <source>the card for %1 was not added (cancelled)</source>
        <translation>%1のカードは追加しませんでした（キャンセル）</translation>
    </message>
    <message>
        <source>proposed a card for %1 (proposal #%2%3); accept or discard it</source>
        <translation>%1のカードを提案しました（提案 #%2%3）。承認または破棄してください</translation>
    </message>
    <message>
        <source>stopped before it finished</source>
        <translation>完了する前に停止しました</translation>
    </message>
    <message>
        <source>the History Compress model&apos;s %1-token window left only %2 tokens for the answer beside the day&apos;s chats, and it stopped there before it completed one line of the card; choose a History Compress model with a larger window</source>
        <translation>履歴圧縮モデルの %1 トークンのウィンドウには、その日のチャットの横に回答用として %2 トークンしか残らず、カードの最初の 1 行を書き終える前にそこで止まりました。より大きなウィンドウの履歴圧縮モデルを選んでください</translation>
    </message>
    <message>
        <source>its model card&apos;s max output</source>
        <translation>モデルカードの最大出力</translation>
    </message>
    <message>
        <source>the History Compress model stopped at its output cap (%1 tokens, %2) before one complete line of the card; raise Max output in its model card (Settings → Models) or choose another History Compress model</source>
        <translation>履歴圧縮モデルはカードの最初の 1 行を書き終える前に出力上限（%1 トークン、%2）で止まりました。モデルカードの最大出力を上げるか（設定 → モデル）、別の履歴圧縮モデルを選んでください</translation>
    </message>
    <message>
        <source>%1 comes before range card #%2 [%3], which keeps the oldest days</source>
        <translation>%1 は最も古い日々を保持する範囲カード #%2 [%3] より前です</translation>
    </message>
    <message>
        <source>%1; this proposal can&apos;t be added</source>
        <translation>%1。この提案は追加できません</translation>
    </message>
    <message>
        <source>the discarded card for %1 cannot come back: another proposal for that day waits (#%2)</source>
        <translation>破棄した %1 のカードは戻せません：その日の別の提案が確認を待っています（#%2）</translation>
    </message>
    <message>
        <source>%1 showed nothing new; its card was kept</source>
        <translation>%1には新しいことがありませんでした。カードはそのままです</translation>
    </message>
    <message>
        <source>added the card for %2</source>
        <translation>%2のカードを追加しました</translation>
    </message>
    <message>
        <source>the card for %2 was regenerated</source>
        <translation>%2のカードを再生成しました</translation>
    </message>
    <message>
        <source>%1: the old card was kept</source>
        <translation>%1：古いカードを残しました</translation>
    </message>
    <message>
        <source>the dream&apos;s card size</source>
        <translation>ドリームカードの長さの上限</translation>
    </message>
    <message>
        <source>a quarter of its %1-token window</source>
        <translation>%1 トークンのウィンドウの 4 分の 1</translation>
    </message>
    <message>
        <source>the History Compress model returned an empty answer</source>
        <translation>History Compress モデルが空の応答を返しました</translation>
    </message>
    <message>
        <source>the History Compress model repeated its instructions instead of writing a card; nothing was changed</source>
        <translation>History Compress モデルはカードを書かずに指示を繰り返しました。何も変更していません</translation>
    </message>
    <message>
        <source>the History Compress model wrote the same line over and over (%1 of %2 lines nearly repeat another) instead of a card; nothing was changed</source>
        <translation>履歴圧縮モデルはカードの代わりに同じ行を繰り返し書きました(%2 行中 %1 行がほぼ重複);何も変更されていません</translation>
    </message>
    <message>
        <source>the card for %1 mostly repeats itself, so it was not added; Dream now shows it for review, or choose a larger History Compress model</source>
        <translation>%1のカードはほとんど同じ内容の繰り返しのため追加しませんでした。「今すぐドリーム」で内容を確認するか、より大きな履歴圧縮モデルを選んでください</translation>
    </message>
    <message>
        <source>the new card for %1 mostly repeats itself, so the old card was kept; Regenerate on the Memory page shows it for review, or choose a larger History Compress model</source>
        <translation>%1の新しいカードはほとんど同じ内容の繰り返しのため、古いカードを残しました。メモリページの「再生成」で内容を確認するか、より大きな履歴圧縮モデルを選んでください</translation>
    </message>
    <message>
        <source>This card mostly repeats itself — try Regenerate or a larger model</source>
        <translation>このカードはほとんど同じ内容の繰り返しです — 再生成するか、より大きなモデルを試してください</translation>
    </message>
    <message>
        <source>the History Compress model wrote to you instead of a card about how you work; nothing was changed</source>
        <translation>History Compress モデルはあなたの作業の仕方についてのカードを書かずに、あなたに話しかけました。何も変更していません</translation>
    </message>
    <message>
        <source>the History Compress model&apos;s %1-token window is too small to read any topic of the day; choose a model with a larger window</source>
        <translation>History Compress モデルの %1 トークンのウィンドウは小さすぎて、その日のトピックを 1 つも読めません。ウィンドウの大きいモデルを選んでください</translation>
    </message>
    <message>
        <source>%1 is not over yet (UTC); a dream reads a finished day</source>
        <translation>%1はまだ終わっていません（UTC）。ドリームは終わった日を読みます</translation>
    </message>
    <message>
        <source>memory is off for %1; turn it on (Assistant → Memory) to dream</source>
        <translation>%1 のメモリはオフです。ドリームするにはオンにしてください（アシスタント → メモリ）</translation>
    </message>
    <message>
        <source>; older cards folded (model)</source>
        <translation>。古いカードをまとめました（モデル）</translation>
    </message>
    <message>
        <source>; older cards folded (concatenated)</source>
        <translation>。古いカードをまとめました（連結）</translation>
    </message>
    <message>
        <source>; with a fold of older cards (model)</source>
        <translation>。古いカードのまとめ付き（モデル）</translation>
    </message>
    <message>
        <source>; with a fold of older cards (concatenated)</source>
        <translation>。古いカードのまとめ付き（連結）</translation>
    </message>
    <message>
        <source>; the model&apos;s %1 characters were shortened to %2</source>
        <translation>。モデルの %1 文字を %2 文字に短くしました</translation>
    </message>
    <message>
        <source>; Redacted from the dream card: %1 (likely secrets are never remembered).</source>
        <translation>。ドリームカードから削除：%1（機密らしいものは記憶しません）。</translation>
    </message>
    <message>
        <source>; %1 of %2 topics were left out to fit the History Compress model&apos;s %3-token window</source>
        <translation>。History Compress モデルの %3 トークンのウィンドウに収めるため、%2 件中 %1 件のトピックを省きました</translation>
    </message>
    <message>
        <source>; %1 shortened to fit the History Compress model&apos;s %2-token window</source>
        <translation>。History Compress モデルの %2 トークンのウィンドウに収めるため、%1 件を短くしました</translation>
    </message>
    <message>
        <source>; %1 of %2 topics were left out and %3 shortened to fit the History Compress model&apos;s %4-token window</source>
        <translation>。History Compress モデルの %4 トークンのウィンドウに収めるため、%2 件中 %1 件のトピックを省き、%3 件を短くしました</translation>
    </message>
    <message>
        <source>; the card may be missing its end: the History Compress model reached its token limit, so its unfinished last line was left out</source>
        <translation>；カードの終わりが欠けている可能性があります：History Compress モデルがトークン上限に達したため、書きかけの最後の行は省きました</translation>
    </message>
    <message>
        <source>; read %1</source>
        <translation>。読んだトピック：%1</translation>
    </message>
    <message>
        <source>; read %1 and %2 more</source>
        <translation>。読んだトピック：%1 ほか %2 件</translation>
    </message>
    <message>
        <source>temperature must be between 0 and %1 (got %2)</source>
        <translation>温度は 0〜%1 にしてください（入力：%2）</translation>
    </message>
    <message>
        <source>top-p must be between 0 and %1 (got %2)</source>
        <translation>top-p は 0〜%1 にしてください（入力：%2）</translation>
    </message>
    <message>
        <source>reasoning effort must be one of %1 (got %2)</source>
        <translation>推論の強さは %1 のいずれかにしてください（入力：%2）</translation>
    </message>
    <message>
        <source>thinking budget must be at least %1 tokens (got %2)</source>
        <translation>思考予算は %1 トークン以上にしてください（入力：%2）</translation>
    </message>
    <message>
        <source>with a reasoning effort, leave temperature and top-p unset (reasoning models reject them)</source>
        <translation>推論の強さを使うときは、温度と top-p を未設定にしてください（推論モデルはこれらを受け付けません）</translation>
    </message>
    <message>
        <source>with a thinking budget, leave temperature and top-p unset (Anthropic thinking requires it)</source>
        <translation>思考予算を使うときは、温度と top-p を未設定にしてください（Anthropic の思考モードの要件です）</translation>
    </message>
    <message>
        <source>a thinking budget needs max tokens on (the budget must be below it)</source>
        <translation>思考予算には最大トークン数をオンにする必要があります（予算はそれより小さくします）</translation>
    </message>
    <message>
        <source>the thinking budget (%1) must be below max tokens (%2)</source>
        <translation>思考予算（%1）は最大トークン数（%2）より小さくしてください</translation>
    </message>
    <message>
        <source>expected on/off, got %1</source>
        <translation>on/off を指定してください（%1 が指定されました）</translation>
    </message>
    <message>
        <source>the input template must contain {{text}} where the message goes</source>
        <translation>入力テンプレートには、メッセージを入れる位置に {{text}} が必要です</translation>
    </message>
    <message>
        <source>an assistant named %1 already exists</source>
        <translation>%1 という名前のアシスタントはすでにあります</translation>
    </message>
    <message>
        <source>an assistant with that name already exists</source>
        <translation>同じ名前のアシスタントがすでにあります</translation>
    </message>
    <message>
        <source>max tokens must be between 1 and %1</source>
        <translation>最大トークン数は 1〜%1 にしてください</translation>
    </message>
    <message>
        <source>max tokens must be between 1 and %1 (got %2)</source>
        <translation>最大トークン数は 1〜%1 にしてください（入力：%2）</translation>
    </message>
    <message>
        <source>memory budget must be between 1 and %1 tokens (got %2)</source>
        <translation>メモリ予算は 1〜%1 トークンにしてください（入力：%2）</translation>
    </message>
    <message>
        <source>history limit must be between 0 and %1 messages (got %2)</source>
        <translation>履歴の上限は 0〜%1 件にしてください（入力：%2）</translation>
    </message>
    <message>
        <source>compact preset must be one of %1 (got %2)</source>
        <translation>圧縮のプリセットは %1 のいずれかにしてください（入力：%2）</translation>
    </message>
    <message>
        <source>high watermark must be between %1 and %2 (got %3); the low watermark is 0.2 below it</source>
        <translation>上限ラインは %1〜%2 にしてください（入力：%3）。下限ラインはその 0.2 下です</translation>
    </message>
    <message>
        <source>the low watermark is always 0.2 below the high watermark</source>
        <translation>下限ラインは常に上限ラインの 0.2 下です</translation>
    </message>
    <message>
        <source>unknown assistant setting %1</source>
        <translation>不明なアシスタント設定 %1</translation>
    </message>
    <message>
        <source>no assistant %1</source>
        <translation>アシスタント %1 はありません</translation>
    </message>
    <message>
        <source>unknown setting %1; settable: %2</source>
        <translation>不明な設定 %1 です。設定できるもの：%2</translation>
    </message>
    <message>
        <source>%1 expects a whole number, got %2</source>
        <translation>%1 には整数を指定してください（%2 が指定されました）</translation>
    </message>
    <message>
        <source>%1 expects a number such as 0.8, got %2</source>
        <translation>%1 には 0.8 のような数値を指定してください（%2 が指定されました）</translation>
    </message>
    <message>
        <source>%1 expects a finite number, got %2</source>
        <translation>%1 には有限の数値を指定してください（%2 が指定されました）</translation>
    </message>
    <message>
        <source>the store is busy: another ChatHub process has been writing for %1 s; nothing was changed, try again when it is done</source>
        <translation>ストアが使用中です：別の ChatHub プロセスが %1 秒間書き込んでいます。何も変更されていません。終わってからもう一度試してください</translation>
    </message>
    <message>
        <source>topic</source>
        <translation>トピック</translation>
    </message>
    <message>
        <source>provider</source>
        <translation>プロバイダー</translation>
    </message>
    <message>
        <source>message</source>
        <translation>メッセージ</translation>
    </message>
    <message>
        <source>assistant</source>
        <translation>アシスタント</translation>
    </message>
    <message>
        <source>the topic title</source>
        <translation>トピックのタイトル</translation>
    </message>
    <message>
        <source>the model id</source>
        <translation>モデル ID</translation>
    </message>
    <message>
        <source>assistant name</source>
        <translation>アシスタント名</translation>
    </message>
    <message>
        <source>provider name</source>
        <translation>プロバイダー名</translation>
    </message>
    <message>
        <source>the summary</source>
        <translation>要約</translation>
    </message>
    <message>
        <source>the file</source>
        <translation>ファイル</translation>
    </message>
    <message>
        <source>an alias</source>
        <translation>エイリアス</translation>
    </message>
    <message>
        <source>no %1 %2</source>
        <translation>%1 %2 はありません</translation>
    </message>
    <message>
        <source>%1 must not be empty</source>
        <translation>%1は空にできません</translation>
    </message>
    <message>
        <source>%1 is %2 characters long; the limit is %3</source>
        <translation>%1は %2 文字あります。上限は %3 文字です</translation>
    </message>
    <message>
        <source>the model id is longer than %1 characters</source>
        <translation>モデル ID が %1 文字を超えています</translation>
    </message>
    <message>
        <source>%1 contains a NUL character</source>
        <translation>%1に NUL 文字が含まれています</translation>
    </message>
    <message>
        <source>%1 contains characters that are not valid Unicode (a lone surrogate)</source>
        <translation>%1に有効でない Unicode 文字（単独のサロゲート）が含まれています</translation>
    </message>
    <message>
        <source>files</source>
        <translation>ファイル</translation>
    </message>
    <message>
        <source>decisions</source>
        <translation>決定事項</translation>
    </message>
    <message>
        <source>tasks</source>
        <translation>タスク</translation>
    </message>
    <message>
        <source>numbers</source>
        <translation>数値</translation>
    </message>
    <message>
        <source>No probe could be made from the covered turns (no paths, decisions, tasks or numbers).</source>
        <translation>対象のターンからプローブを作れませんでした（パス、決定、タスク、数値がありません）。</translation>
    </message>
    <message>
        <source>The summary lost %1 of %2 answerable probes: %3.</source>
        <translation>要約は答えられる %2 個のプローブのうち %1 個を失いました：%3。</translation>
    </message>
    <message>
        <source>The summary kept all %1 answerable probes (of %2).</source>
        <translation>要約は答えられる %1 個のプローブをすべて保持しました（全 %2 個中）。</translation>
    </message>
    <message>
        <source>only regular topic chats have a summary to check</source>
        <translation>確認できる要約があるのは通常のトピックのチャットだけです</translation>
    </message>
    <message>
        <source>this topic has no summary to check yet</source>
        <translation>このトピックにはまだ確認できる要約がありません</translation>
    </message>
    <message>
        <source>the new summary could not be checked, so the old state was kept: %1</source>
        <translation>新しい要約を確認できなかったため、以前の状態を残しました：%1</translation>
    </message>
    <message>
        <source>the new summary failed its probe check, so the old state was kept. %1</source>
        <translation>新しい要約はプローブの確認に失敗したため、以前の状態を残しました。%1</translation>
    </message>
    <message>
        <source>no answer from %1 within %2 s</source>
        <translation>%2 秒以内に %1 から応答がありません</translation>
    </message>
    <message>
        <source>cannot connect to %1: %2</source>
        <translation>%1 に接続できません：%2</translation>
    </message>
    <message>
        <source>%1 refused the API key (%2)</source>
        <translation>%1 が API キーを拒否しました（%2）</translation>
    </message>
    <message>
        <source>%1 answered %2</source>
        <translation>%1 の応答：%2</translation>
    </message>
    <message>
        <source>%1 answered, but not with a model list</source>
        <translation>%1 は応答しましたが、モデルの一覧ではありません</translation>
    </message>
    <message>
        <source>Connected to %1 in %2 s: %3 model offered</source>
        <translation>%2 秒で %1 に接続しました：%3 個のモデルを提供</translation>
    </message>
    <message>
        <source>Connected to %1 in %2 s: %3 models offered</source>
        <translation>%2 秒で %1 に接続しました：%3 個のモデルを提供</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 分</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 時間 %2 分</translation>
    </message>
    <message>
        <source>the server answered with a redirect (HTTP %1) but named no address</source>
        <translation>サーバーはリダイレクトで応答しました（HTTP %1）が、転送先のアドレスがありません</translation>
    </message>
    <message>
        <source>the server redirected to %1 (HTTP %2); put that address in the provider&apos;s base URL</source>
        <translation>サーバーは %1 にリダイレクトしました（HTTP %2）。そのアドレスをプロバイダーのベース URL に設定してください</translation>
    </message>
    <message>
        <source> (an HTML error page: %1)</source>
        <translation>（HTML のエラーページ：%1）</translation>
    </message>
    <message>
        <source> (an HTML error page)</source>
        <translation>（HTML のエラーページ）</translation>
    </message>
    <message>
        <source> — the server asks to retry in %1</source>
        <translation> — サーバーは %1 後の再試行を求めています</translation>
    </message>
    <message>
        <source>HTTP %1 from %2</source>
        <translation>%2 から HTTP %1</translation>
    </message>
    <message>
        <source>HTTP %1</source>
        <translation>HTTP %1</translation>
    </message>
    <message>
        <source>the provider reported an error</source>
        <translation>プロバイダーがエラーを報告しました</translation>
    </message>
    <message>
        <source>connecting to %1</source>
        <translation>%1 への接続</translation>
    </message>
    <message>
        <source>connecting</source>
        <translation>接続</translation>
    </message>
    <message>
        <source>waiting for data from %1</source>
        <translation>%1 からのデータ待ち</translation>
    </message>
    <message>
        <source>waiting for data</source>
        <translation>データ待ち</translation>
    </message>
    <message>
        <source>sending the request to %1</source>
        <translation>%1 へのリクエスト送信</translation>
    </message>
    <message>
        <source>sending the request</source>
        <translation>リクエスト送信</translation>
    </message>
    <message>
        <source>waiting for a free connection</source>
        <translation>空き接続の待機</translation>
    </message>
    <message>
        <source>talking to %1</source>
        <translation>%1 との通信</translation>
    </message>
    <message>
        <source>talking to the provider</source>
        <translation>プロバイダーとの通信</translation>
    </message>
    <message>
        <source>timed out %1 (%2)</source>
        <translation>%1中にタイムアウトしました（%2）</translation>
    </message>
    <message>
        <source>could not decode the response from %1 (%2)</source>
        <translation>%1 からの応答をデコードできませんでした（%2）</translation>
    </message>
    <message>
        <source>could not decode the response (%1)</source>
        <translation>応答をデコードできませんでした（%1）</translation>
    </message>
    <message>
        <source>could not connect to %1 (%2)</source>
        <translation>%1 に接続できませんでした（%2）</translation>
    </message>
    <message>
        <source>could not connect (%1)</source>
        <translation>接続できませんでした（%1）</translation>
    </message>
    <message>
        <source>stream ended early: connection from %1 lost (%2)</source>
        <translation>ストリームが途中で終わりました：%1 との接続が切れました（%2）</translation>
    </message>
    <message>
        <source>stream ended early: connection lost (%1)</source>
        <translation>ストリームが途中で終わりました：接続が切れました（%1）</translation>
    </message>
    <message>
        <source>network error talking to %1 (%2)</source>
        <translation>%1 との通信中にネットワークエラーが発生しました（%2）</translation>
    </message>
    <message>
        <source>network error talking (%1)</source>
        <translation>通信中にネットワークエラーが発生しました（%1）</translation>
    </message>
    <message>
        <source>stream ended early: the connection was closed by %1 after %2 characters of text</source>
        <translation>ストリームが途中で終わりました：テキスト %2 文字の後で %1 が接続を閉じました</translation>
    </message>
    <message>
        <source>stream ended early: the connection was closed after %1 characters of text</source>
        <translation>ストリームが途中で終わりました：テキスト %1 文字の後で接続が閉じられました</translation>
    </message>
    <message>
        <source>ChatHub can&apos;t reach %1 at %2 — is the server running? Retry, or check Settings → Providers.</source>
        <translation>ChatHub は %2 の %1 に接続できません。サーバーは動いていますか？再試行するか、設定 → プロバイダー を確認してください。</translation>
    </message>
    <message>
        <source>ChatHub can&apos;t reach %1 at %2 — is the server running? The text so far is kept. Retry, or check Settings → Providers.</source>
        <translation>ChatHub は %2 の %1 に接続できません。サーバーは動いていますか？ここまでのテキストは保持されています。再試行するか、設定 → プロバイダー を確認してください。</translation>
    </message>
    <message>
        <source>The connection to %1 at %2 dropped before the reply began — the server may have stopped. Retry, or check Settings → Providers.</source>
        <translation>%2 の %1 との接続が返信の開始前に切れました。サーバーが停止した可能性があります。再試行するか、設定 → プロバイダー を確認してください。</translation>
    </message>
    <message>
        <source>The connection to %1 at %2 dropped mid-reply; the text so far is kept. Retry, or check Settings → Providers.</source>
        <translation>%2 の %1 との接続が返信の途中で切れました。ここまでのテキストは保持されています。再試行するか、設定 → プロバイダー を確認してください。</translation>
    </message>
    <message>
        <source>expected a streamed (text/event-stream) answer</source>
        <translation>ストリーム形式（text/event-stream）の応答を想定していました</translation>
    </message>
    <message>
        <source> but got an HTML page: %1</source>
        <translation>が、HTML ページが返されました：%1</translation>
    </message>
    <message>
        <source>the provider sent a stream event that is not JSON</source>
        <translation>プロバイダーが JSON ではないストリームイベントを送りました</translation>
    </message>
    <message>
        <source>the provider&apos;s %1-compressed answer is damaged (%2)</source>
        <translation>プロバイダーの %1 圧縮された応答が壊れています（%2）</translation>
    </message>
    <message>
        <source>the provider compressed its answer as %1, which the app does not read (it asks for gzip or deflate)</source>
        <translation>プロバイダーは応答を %1 で圧縮しましたが、このアプリは読めません（gzip または deflate を要求しています）</translation>
    </message>
    <message>
        <source>The model returned an empty reply for a request that fills its context window (%1 of %2 tokens). Compact the topic or start a new one.</source>
        <translation>コンテキストウィンドウを埋めるリクエスト（%2 トークン中 %1）に対して、モデルは空の返信を返しました。トピックを圧縮するか、新しいトピックを始めてください。</translation>
    </message>
    <message>
        <source>the request failed: %1</source>
        <translation>リクエストが失敗しました：%1</translation>
    </message>
    <message>
        <source>stopped after %1 tool rounds: the model kept calling tools; send a message to let it go on</source>
        <translation>ツール呼び出しが %1 回続いたため停止しました：モデルがツールを呼び続けています。続けるにはメッセージを送信してください</translation>
    </message>
    <message>
        <source>only the topic&apos;s last reply can be retried, and only when it failed, was stopped or was interrupted</source>
        <translation>再試行できるのはトピックの最後の返信だけで、失敗、停止、中断したときに限ります</translation>
    </message>
    <message>
        <source>an attachment of this topic is missing from the store; remove that message or attach the file again</source>
        <translation>このトピックの添付ファイルがストアにありません。そのメッセージを削除するか、ファイルをもう一度添付してください</translation>
    </message>
    <message>
        <source>the message is empty</source>
        <translation>メッセージが空です</translation>
    </message>
    <message>
        <source>an attachment has no bytes; attach it again</source>
        <translation>添付ファイルの中身がありません。もう一度添付してください</translation>
    </message>
    <message>
        <source>the message contains bytes that are not valid UTF-8</source>
        <translation>メッセージに UTF-8 として無効なバイトが含まれています</translation>
    </message>
    <message>
        <source>conversation %1</source>
        <translation>会話 %1</translation>
    </message>
    <message>
        <source>conversation %1 is more than %2 of JSON</source>
        <translation>会話 %1 の JSON が %2 を超えています</translation>
    </message>
    <message>
        <source>; the limit is %1 per conversation</source>
        <translation>。上限は会話ごとに %1 です</translation>
    </message>
    <message>
        <source>conversation %1 has a message of %2 (a text starting at byte %3)</source>
        <translation>会話 %1 に %2 のメッセージがあります（テキストはバイト %3 から）</translation>
    </message>
    <message>
        <source>; the limit is %1 per message</source>
        <translation>。上限はメッセージごとに %1 です</translation>
    </message>
    <message>
        <source>%1: file not found</source>
        <translation>%1：ファイルが見つかりません</translation>
    </message>
    <message>
        <source>%1 is a folder; choose the export&apos;s conversations.json or its .zip</source>
        <translation>%1 はフォルダーです。エクスポートの conversations.json またはその .zip を選んでください</translation>
    </message>
    <message>
        <source>%1 is a damaged zip file: %2</source>
        <translation>%1 は壊れた zip ファイルです：%2</translation>
    </message>
    <message>
        <source>%1 and %2 more</source>
        <translation>%1 ほか %2 件</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>%1 is a zip without %2; expected a ChatGPT or Claude data export (found: %3)</source>
        <translation>%1 は %2 を含まない zip です。ChatGPT または Claude のデータエクスポートを想定しています（見つかったもの：%3）</translation>
    </message>
    <message>
        <source>%1 expands to %2; the limit is %3</source>
        <translation>%1 は展開すると %2 になります。上限は %3 です</translation>
    </message>
    <message>
        <source>%1 would expand from %2 to %3 (%4 times; exports compress at most about 20 times): refused as a zip bomb</source>
        <translation>%1 は %2 から %3 に展開されます（%4 倍。エクスポートの圧縮率は最大で約 20 倍です）：zip 爆弾として拒否しました</translation>
    </message>
    <message>
        <source>a chat export</source>
        <translation>チャットのエクスポート</translation>
    </message>
    <message>
        <source>an %1 export</source>
        <translation>%1 のエクスポート</translation>
    </message>
    <message>
        <source>a %1 export</source>
        <translation>%1 のエクスポート</translation>
    </message>
    <message>
        <source>%1 is empty; expected %2</source>
        <translation>%1 は空です。%2を想定しています</translation>
    </message>
    <message>
        <source>%1 is a JSON object%2; expected %3: a conversations.json (a JSON array of conversations) or one conversation</source>
        <translation>%1 は JSON オブジェクトです%2。%3を想定しています：conversations.json（会話の JSON 配列）または会話 1 件</translation>
    </message>
    <message>
        <source>%1: the zip is damaged or encrypted (%2)</source>
        <translation>%1：zip が壊れているか暗号化されています（%2）</translation>
    </message>
    <message>
        <source>%1 is a damaged or truncated zip file</source>
        <translation>%1 は壊れているか途中で切れた zip ファイルです</translation>
    </message>
    <message>
        <source>%1 %2; expected %3 (a conversations.json, an export .json or the export .zip)</source>
        <translation>%1 %2。%3を想定しています（conversations.json、エクスポートの .json またはエクスポートの .zip）</translation>
    </message>
    <message>
        <source>is binary data, not JSON</source>
        <translation>はバイナリデータで、JSON ではありません</translation>
    </message>
    <message>
        <source>. Nothing was imported.</source>
        <translation>。何もインポートされませんでした。</translation>
    </message>
    <message>
        <source>holds a single JSON value (%1), not a list of conversations</source>
        <translation>は単一の JSON 値（%1）で、会話のリストではありません</translation>
    </message>
    <message>
        <source>is not JSON (it starts with “%1”)</source>
        <translation>は JSON ではありません（「%1」で始まっています）</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>%1 を読み込めません：%2</translation>
    </message>
    <message>
        <source> (the first conversation has keys: %1)</source>
        <translation>（最初の会話のキー：%1）</translation>
    </message>
    <message>
        <source> (keys: %1)</source>
        <translation>（キー：%1）</translation>
    </message>
    <message>
        <source>%1 looks like a %2 export, not a %3 export; import it as %2</source>
        <translation>%1 は %3 ではなく %2 のエクスポートのようです。%2 としてインポートしてください</translation>
    </message>
    <message>
        <source>%1 is not an export this app reads%2; it reads %3</source>
        <translation>%1 はこのアプリが読めるエクスポートではありません%2。読める形式：%3</translation>
    </message>
    <message>
        <source>%1 is not a valid %2 export: %3</source>
        <translation>%1 は有効な %2 のエクスポートではありません：%3</translation>
    </message>
    <message>
        <source>%1 %2 in conversation %3; %4 never nests that deep</source>
        <translation>%1 は会話 %3 で%2。%4 はそこまで深く入れ子になりません</translation>
    </message>
    <message>
        <source>%1: the zip is damaged (%2)</source>
        <translation>%1：zip が壊れています（%2）</translation>
    </message>
    <message>
        <source>database error while importing %1: %2</source>
        <translation>%1 のインポート中にデータベースエラーが発生しました：%2</translation>
    </message>
    <message>
        <source>could not import %1: %2: %3</source>
        <translation>%1 をインポートできませんでした：%2：%3</translation>
    </message>
    <message>
        <source>%1 holds text that is not valid UTF-8 in conversation %2 (bytes that are no character); %3 is UTF-8</source>
        <translation>%1 の会話 %2 に有効な UTF-8 ではないテキスト（文字にならないバイト）があります。%3は UTF-8 です</translation>
    </message>
    <message>
        <source>%1 holds a number too large to read in conversation %2 (%3&apos;s numbers are times and counts)</source>
        <translation>%1 の会話 %2 に読み取れないほど大きな数値があります（%3の数値は時刻と件数です）</translation>
    </message>
    <message>
        <source>%1 is not valid JSON (%2); the file may be truncated or damaged</source>
        <translation>%1 は有効な JSON ではありません（%2）。ファイルが途中で切れているか壊れている可能性があります</translation>
    </message>
    <message>
        <source>%1 is not valid JSON after %2 of %3 bytes (%4); the file may be truncated or damaged</source>
        <translation>%1 は %3 バイト中 %2 バイトの後で有効な JSON ではなくなりました（%4）。ファイルが途中で切れているか壊れている可能性があります</translation>
    </message>
    <message>
        <source>ChatGPT → Settings → Data controls → Export data; the e-mailed zip, or the conversations.json inside it.</source>
        <translation>ChatGPT → 設定 → データ コントロール → データをエクスポート。メールで届いた zip、またはその中の conversations.json。</translation>
    </message>
    <message>
        <source>Claude.ai → Settings → Privacy → Export data; the e-mailed zip, or the conversations.json inside it.</source>
        <translation>Claude.ai → 設定 → プライバシー → データをエクスポート。メールで届いた zip、またはその中の conversations.json。</translation>
    </message>
    <message>
        <source>Open WebUI → Settings → Chats → Export chats (one JSON file of all chats), or a chat&apos;s ⋯ menu → Download → Export chat (.json).</source>
        <translation>Open WebUI → 設定 → チャット → チャットをエクスポート（全チャットを 1 つの JSON ファイルに）、またはチャットの ⋯ メニュー → ダウンロード → チャットをエクスポート（.json）。</translation>
    </message>
    <message>
        <source>LibreChat → a conversation&apos;s ⋯ menu → Export → JSON (with branches).</source>
        <translation>LibreChat → 会話の ⋯ メニュー → エクスポート → JSON（分岐を含む）。</translation>
    </message>
    <message>
        <source>unknown provider kind %1; choose one of: %2</source>
        <translation>不明なプロバイダーの種類 %1 です。次から選んでください：%2</translation>
    </message>
    <message>
        <source>a provider named %1 already exists</source>
        <translation>%1 という名前のプロバイダーは既にあります</translation>
    </message>
    <message>
        <source>cannot store the API key: %1</source>
        <translation>API キーを保存できません：%1</translation>
    </message>
    <message>
        <source>the API key variable name is longer than %1 characters</source>
        <translation>API キーの変数名が %1 文字を超えています</translation>
    </message>
    <message>
        <source>not an environment variable name: %1</source>
        <translation>環境変数名ではありません：%1</translation>
    </message>
    <message>
        <source>base URL is %1 characters long; the limit is %2</source>
        <translation>ベース URL は %1 文字あります。上限は %2 です</translation>
    </message>
    <message>
        <source>base URL is not a valid URL (%1; got %2)</source>
        <translation>ベース URL が有効な URL ではありません（%1。入力：%2）</translation>
    </message>
    <message>
        <source>base URL must start with http:// or https:// (got %1)</source>
        <translation>ベース URL は http:// または https:// で始まる必要があります（入力：%1）</translation>
    </message>
    <message>
        <source>base URL must not contain spaces (got %1)</source>
        <translation>ベース URL に空白を含めることはできません（入力：%1）</translation>
    </message>
    <message>
        <source>base URL has an invalid port (got %1)</source>
        <translation>ベース URL のポートが無効です（入力：%1）</translation>
    </message>
    <message>
        <source>the base URL must not carry a key or password (%1); put the key in the API key field (or --api-key-env) and leave it out of the URL</source>
        <translation>ベース URL にキーやパスワードを含めることはできません（%1）。キーは API キー欄（または --api-key-env）に入れ、URL からは外してください</translation>
    </message>
    <message>
        <source>no key file is configured here</source>
        <translation>ここではキーファイルが設定されていません</translation>
    </message>
    <message>
        <source>give either an API key or an environment variable, not both</source>
        <translation>API キーか環境変数のどちらか一方を指定してください（両方は不可）</translation>
    </message>
    <message>
        <source>no key for provider %1 in the keyring</source>
        <translation>キーリングにプロバイダー %1 のキーがありません</translation>
    </message>
    <message>
        <source>no key for provider %1 in the key file</source>
        <translation>キーファイルにプロバイダー %1 のキーがありません</translation>
    </message>
    <message>
        <source>nothing imported: %1</source>
        <translation>何もインポートされませんでした：%1</translation>
    </message>
    <message>
        <source>an MCP server named %1 exists already; nothing was added (replace it to overwrite)</source>
        <translation>%1 という名前の MCP サーバーは既にあります。何も追加されていません（上書きするには置き換えてください）</translation>
    </message>
    <message>
        <source>%1 is not UTF-8 text</source>
        <translation>%1 は UTF-8 のテキストではありません</translation>
    </message>
    <message>
        <source>no MCP server named %1</source>
        <translation>%1 という名前の MCP サーバーはありません</translation>
    </message>
    <message>
        <source>%1: not signed out: %2</source>
        <translation>%1：サインアウトできませんでした：%2</translation>
    </message>
    <message>
        <source>Signed out of %1; no sign-in was kept.</source>
        <translation>%1 からサインアウトしました。保存されたサインインはありませんでした。</translation>
    </message>
    <message>
        <source>%1 and %2</source>
        <translation>%1と%2</translation>
    </message>
    <message>
        <source>Signed out of %1: its tokens were deleted from %2.</source>
        <translation>%1 からサインアウトしました：トークンを%2から削除しました。</translation>
    </message>
    <message>
        <source>an MCP server named %1 exists already</source>
        <translation>%1 という名前の MCP サーバーは既にあります</translation>
    </message>
    <message>
        <source>%1 is not a tool name</source>
        <translation>%1 はツール名ではありません</translation>
    </message>
    <message>
        <source>%1 has no tool named %2</source>
        <translation>%1 には %2 という名前のツールがありません</translation>
    </message>
    <message>
        <source>topic title must not be empty</source>
        <translation>トピックのタイトルは空にできません</translation>
    </message>
    <message>
        <source>only your messages and the assistant&apos;s text replies can be pinned</source>
        <translation>ピン留めできるのは、あなたのメッセージとアシスタントのテキストの返信だけです</translation>
    </message>
    <message>
        <source>not a message field: %1</source>
        <translation>メッセージのフィールドではありません：%1</translation>
    </message>
    <message>
        <source>no reply in topic %1 is being written by another window or command</source>
        <translation>トピック %1 で別のウィンドウやコマンドが書いている返信はありません</translation>
    </message>
    <message>
        <source>the server read only %1 of about %2 tokens: its context is smaller than the model card says</source>
        <translation>サーバーは約 %2 トークンのうち %1 しか読みませんでした：そのコンテキストはモデルカードの記載より小さいです</translation>
    </message>
    <message>
        <source>the provider&apos;s answer had no text the app could read (%1 event not in the shape of its provider kind); check the provider&apos;s kind and base URL</source>
        <translation>プロバイダーの応答に、このアプリが読めるテキストがありませんでした（%1 件のイベントがプロバイダーの種類の形式に合いません）。プロバイダーの種類とベース URL を確認してください</translation>
    </message>
    <message>
        <source>the provider&apos;s answer had no text the app could read (%1 events not in the shape of its provider kind); check the provider&apos;s kind and base URL</source>
        <translation>プロバイダーの応答に、このアプリが読めるテキストがありませんでした（%1 件のイベントがプロバイダーの種類の形式に合いません）。プロバイダーの種類とベース URL を確認してください</translation>
    </message>
    <message>
        <source>the model reached its output token limit (max tokens), all spent on reasoning before writing any text</source>
        <translation>モデルはテキストを書く前に出力トークンの上限（最大トークン数）に達しました。すべて推論に使われました</translation>
    </message>
    <message>
        <source>the model reached its output token limit (max tokens) before writing any text</source>
        <translation>モデルはテキストを書く前に出力トークンの上限（最大トークン数）に達しました</translation>
    </message>
    <message>
        <source>the model reasoned but wrote no answer</source>
        <translation>モデルは推論しましたが、回答を書きませんでした</translation>
    </message>
    <message>
        <source>the provider sent an empty reply</source>
        <translation>プロバイダーが空の返信を送りました</translation>
    </message>
    <message>
        <source>the provider sent an SSE line longer than the line limit</source>
        <translation>プロバイダーが行の上限を超える SSE 行を送りました</translation>
    </message>
    <message>
        <source>the provider sent an SSE event larger than the event limit</source>
        <translation>プロバイダーがイベントの上限を超える SSE イベントを送りました</translation>
    </message>
    <message>
        <source>the provider&apos;s answer passed the body limit</source>
        <translation>プロバイダーの応答が本文の上限を超えました</translation>
    </message>
    <message>
        <source>the reply passed the reply limit</source>
        <translation>返信が返信の上限を超えました</translation>
    </message>
    <message>
        <source>the model list passed its limit</source>
        <translation>モデル一覧が上限を超えました</translation>
    </message>
    <message>
        <source>the provider&apos;s compressed answer expanded past the decompression limit</source>
        <translation>プロバイダーの圧縮された応答が展開の上限を超えて膨らみました</translation>
    </message>
    <message>
        <source>stopped: %1 of %2; raise “%3” in Settings → Providers</source>
        <translation>停止しました：%1（上限は %2）。上限を上げるには「設定 → プロバイダー」の「%3」を変更してください</translation>
    </message>
    <message>
        <source>stopped: %1 of %2 times its compressed size; set the environment variable %3 to raise it</source>
        <translation>停止しました：%1（上限は圧縮サイズの %2 倍）。上限を上げるには環境変数 %3 を設定してください</translation>
    </message>
    <message>
        <source>stopped: %1 of %2; set the environment variable %3 (in MB) to raise it</source>
        <translation>停止しました：%1（上限は %2）。上限を上げるには環境変数 %3（MB 単位）を設定してください</translation>
    </message>
    <message>
        <source>it contains a user name or password before the host</source>
        <translation>ホストの前にユーザー名またはパスワードが含まれています</translation>
    </message>
    <message>
        <source>its query has a %1 parameter</source>
        <translation>クエリに %1 パラメーターがあります</translation>
    </message>
    <message>
        <source>no change</source>
        <translation>変更なし</translation>
    </message>
    <message>
        <source>%1 added, %2 removed, %3 edited</source>
        <translation>追加 %1、削除 %2、編集 %3</translation>
    </message>
    <message>
        <source>%1 entry</source>
        <translation>%1 件</translation>
    </message>
    <message>
        <source>%1 entries</source>
        <translation>%1 件</translation>
    </message>
    <message>
        <source>%1 card</source>
        <translation>%1 枚のカード</translation>
    </message>
    <message>
        <source>%1 cards</source>
        <translation>%1 枚のカード</translation>
    </message>
    <message>
        <source>fixed memory: %1 → %2</source>
        <translation>固定メモリ：%1 → %2</translation>
    </message>
    <message>
        <source>dynamic memory: %1 → %2</source>
        <translation>動的メモリ：%1 → %2</translation>
    </message>
    <message>
        <source>entries: %1</source>
        <translation>項目：%1</translation>
    </message>
    <message>
        <source>cards: %1</source>
        <translation>カード：%1</translation>
    </message>
    <message>
        <source>the new card [%1]</source>
        <translation>新しいカード [%1]</translation>
    </message>
    <message>
        <source>a new range card</source>
        <translation>新しい範囲カード</translation>
    </message>
    <message>
        <source>range card #%1 [%2]</source>
        <translation>範囲カード #%1 [%2]</translation>
    </message>
    <message>
        <source>fold: %1 (%2) into %3, which then covers %4 – %5</source>
        <translation>まとめ：%1（%2）を%3にまとめ、その範囲は %4 – %5になります</translation>
    </message>
    <message>
        <source>context window must be between 1 and %1 tokens</source>
        <translation>コンテキストウィンドウは 1 から %1 トークンの間にしてください</translation>
    </message>
    <message>
        <source>max output must be between 1 and the context window</source>
        <translation>最大出力は 1 からコンテキストウィンドウまでの間にしてください</translation>
    </message>
    <message>
        <source>tokenizer must be one of %1 (got %2)</source>
        <translation>トークナイザーは %1 のいずれかにしてください（入力：%2）</translation>
    </message>
    <message>
        <source>no model card for %1</source>
        <translation>%1 のモデルカードはありません</translation>
    </message>
    <message>
        <source>%1: the file is not UTF-8 text (byte 0x%2 at offset %3); a model catalog is UTF-8 JSON</source>
        <translation>%1：ファイルが UTF-8 のテキストではありません（オフセット %3 のバイト 0x%2）。モデルカタログは UTF-8 の JSON です</translation>
    </message>
    <message>
        <source>a ChatHub memory file (JSON)</source>
        <translation>ChatHub のメモリファイル（JSON）</translation>
    </message>
    <message>
        <source>a ChatHub memory file (Markdown)</source>
        <translation>ChatHub のメモリファイル（Markdown）</translation>
    </message>
    <message>
        <source>a plain Markdown/text document (becomes fixed memory)</source>
        <translation>通常の Markdown／テキスト文書（固定メモリになります）</translation>
    </message>
    <message>
        <source>, %1 repeating a line above it</source>
        <translation>、上の項目と重複 %1 件</translation>
    </message>
    <message>
        <source> and %1 of notes</source>
        <translation> とメモ %1</translation>
    </message>
    <message>
        <source>%1 line</source>
        <translation>%1 行</translation>
    </message>
    <message>
        <source>%1 lines</source>
        <translation>%1 行</translation>
    </message>
    <message>
        <source> (replaced; Memory → History can revert it)</source>
        <translation>（置き換え。メモリ → 履歴 で元に戻せます）</translation>
    </message>
    <message>
        <source>fixed entries: %1</source>
        <translation>固定の項目：%1</translation>
    </message>
    <message>
        <source>dynamic memory: %1 → %2 (the current cards can be restored%3)</source>
        <translation>動的メモリ：%1 → %2（現在のカードは復元できます%3）</translation>
    </message>
    <message>
        <source>; %1 of the file shortened to the card and document caps</source>
        <translation>。ファイルの %1 をカードと文書の上限まで短くしました</translation>
    </message>
    <message>
        <source>dream cards: %1</source>
        <translation>ドリームカード：%1</translation>
    </message>
    <message>
        <source>fixed memory: unchanged, still %1 (the file has none)</source>
        <translation>固定メモリ：変更なし、%1のまま（ファイルに含まれていません）</translation>
    </message>
    <message>
        <source>dynamic memory: unchanged, still %1 (Merge adds fixed entries only)</source>
        <translation>動的メモリ：変更なし、%1のまま（統合で追加されるのは固定メモリの項目だけです）</translation>
    </message>
    <message>
        <source>dynamic memory: unchanged, still %1 (the file has none)</source>
        <translation>動的メモリ：変更なし、%1のまま（ファイルに含まれていません）</translation>
    </message>
    <message>
        <source>; %1 untrusted</source>
        <translation>。未信頼 %1</translation>
    </message>
    <message>
        <source>this file</source>
        <translation>このファイル</translation>
    </message>
    <message>
        <source>cannot import %1: %2; nothing was changed</source>
        <translation>%1 をインポートできません：%2。何も変更していません</translation>
    </message>
    <message>
        <source>memory export format must be json or markdown, not %1</source>
        <translation>メモリのエクスポート形式は json か markdown です（%1 ではありません）</translation>
    </message>
    <message>
        <source>import mode must be replace or merge, not %1</source>
        <translation>インポートモードは replace か merge です（%1 ではありません）</translation>
    </message>
    <message>
        <source>the choice covers %1 entries but the file has %2; check the file again</source>
        <translation>選択は %1 件分ですが、ファイルには %2 件あります。ファイルをもう一度確認してください</translation>
    </message>
    <message>
        <source>%1, message %2</source>
        <translation>%1、メッセージ %2</translation>
    </message>
    <message>
        <source>%1, node %2</source>
        <translation>%1、ノード %2</translation>
    </message>
    <message>
        <source>message %1</source>
        <translation>メッセージ %1</translation>
    </message>
    <message>
        <source>node %1</source>
        <translation>ノード %1</translation>
    </message>
    <message>
        <source>%1 is not a time</source>
        <translation>%1 は時刻ではありません</translation>
    </message>
    <message>
        <source>a boolean</source>
        <translation>真偽値</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>オブジェクト</translation>
    </message>
    <message>
        <source>a list</source>
        <translation>リスト</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>文字列</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>数値</translation>
    </message>
    <message>
        <source>none</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>%1 is out of range</source>
        <translation>%1 は範囲外です</translation>
    </message>
    <message>
        <source>conversation %1 (%2)</source>
        <translation>会話 %1（%2）</translation>
    </message>
    <message>
        <source>this message is %1</source>
        <translation>このメッセージは %1 です</translation>
    </message>
    <message>
        <source>the parent links of message %1 form a cycle</source>
        <translation>メッセージ %1 の親リンクが循環しています</translation>
    </message>
    <message>
        <source>node %1 is not an object (found %2)</source>
        <translation>ノード %1 がオブジェクトではありません（%2 でした）</translation>
    </message>
    <message>
        <source>the parent links of node %1 form a cycle</source>
        <translation>ノード %1 の親リンクが循環しています</translation>
    </message>
    <message>
        <source>node %1 has a parent that is not a string (found %2)</source>
        <translation>ノード %1 の parent が文字列ではありません（%2 でした）</translation>
    </message>
    <message>
        <source>expected an object, found %1</source>
        <translation>オブジェクトのはずが %1 でした</translation>
    </message>
    <message>
        <source>has &apos;chat_messages&apos; but no &apos;mapping&apos;: this looks like a Claude export, not a ChatGPT export</source>
        <translation>&apos;chat_messages&apos; があり &apos;mapping&apos; がありません：ChatGPT ではなく Claude のエクスポートのようです</translation>
    </message>
    <message>
        <source>has no mapping</source>
        <translation>mapping がありません</translation>
    </message>
    <message>
        <source>; not a ChatGPT conversation (keys found: %1)</source>
        <translation>。ChatGPT の会話ではありません（見つかったキー：%1）</translation>
    </message>
    <message>
        <source>mapping is not an object (found %1)</source>
        <translation>mapping がオブジェクトではありません（%1 でした）</translation>
    </message>
    <message>
        <source>title is not a string (found %1)</source>
        <translation>title が文字列ではありません（%1 でした）</translation>
    </message>
    <message>
        <source>message is not an object (found %1)</source>
        <translation>message がオブジェクトではありません（%1 でした）</translation>
    </message>
    <message>
        <source>author is not an object (found %1)</source>
        <translation>author がオブジェクトではありません（%1 でした）</translation>
    </message>
    <message>
        <source>author.role is not a string (found %1)</source>
        <translation>author.role が文字列ではありません（%1 でした）</translation>
    </message>
    <message>
        <source>content is not an object (found %1)</source>
        <translation>content がオブジェクトではありません（%1 でした）</translation>
    </message>
    <message>
        <source>create_time is not a time (%1)</source>
        <translation>create_time が時刻ではありません（%1）</translation>
    </message>
    <message>
        <source>create_time/update_time is not a time (%1)</source>
        <translation>create_time/update_time が時刻ではありません（%1）</translation>
    </message>
    <message>
        <source>message %1 is not an object (found %2)</source>
        <translation>メッセージ %1 がオブジェクトではありません（%2 でした）</translation>
    </message>
    <message>
        <source>has &apos;mapping&apos; but no &apos;chat_messages&apos;: this looks like a ChatGPT export, not a Claude export</source>
        <translation>&apos;mapping&apos; があり &apos;chat_messages&apos; がありません：Claude ではなく ChatGPT のエクスポートのようです</translation>
    </message>
    <message>
        <source>has no chat_messages</source>
        <translation>chat_messages がありません</translation>
    </message>
    <message>
        <source>; not a Claude conversation (keys found: %1)</source>
        <translation>。Claude の会話ではありません（見つかったキー：%1）</translation>
    </message>
    <message>
        <source>chat_messages is not a list (found %1)</source>
        <translation>chat_messages がリストではありません（%1 でした）</translation>
    </message>
    <message>
        <source>created_at/updated_at is not a time (%1)</source>
        <translation>created_at/updated_at が時刻ではありません（%1）</translation>
    </message>
    <message>
        <source>sender is not human or assistant (found %1)</source>
        <translation>sender が human でも assistant でもありません（%1 でした）</translation>
    </message>
    <message>
        <source>created_at is not a time (%1)</source>
        <translation>created_at が時刻ではありません（%1）</translation>
    </message>
    <message>
        <source>the time is not a time (%1)</source>
        <translation>時刻の欄が時刻ではありません（%1）</translation>
    </message>
    <message>
        <source>has no chat history</source>
        <translation>チャット履歴がありません</translation>
    </message>
    <message>
        <source>; not an Open WebUI chat (keys found: %1)</source>
        <translation>。Open WebUI のチャットではありません（見つかったキー：%1）</translation>
    </message>
    <message>
        <source>role is not user, assistant or system (found %1)</source>
        <translation>role が user、assistant、system のいずれでもありません（%1 でした）</translation>
    </message>
    <message>
        <source>messages is not a list (found %1)</source>
        <translation>messages がリストではありません（%1 でした）</translation>
    </message>
    <message>
        <source>messages nest more than %1 levels deep</source>
        <translation>messages の入れ子が %1 段を超えています</translation>
    </message>
    <message>
        <source>has no messages</source>
        <translation>messages がありません</translation>
    </message>
    <message>
        <source>; not a LibreChat conversation (keys found: %1)</source>
        <translation>。LibreChat の会話ではありません（見つかったキー：%1）</translation>
    </message>
    <message>
        <source>createdAt is not a time (%1)</source>
        <translation>createdAt が時刻ではありません（%1）</translation>
    </message>
    <message>
        <source>more than %1</source>
        <translation>%1 超</translation>
    </message>
    <message>
        <source>holds a text of %1 (at byte %2)</source>
        <translation>に %1 のテキストがあります（バイト %2）</translation>
    </message>
    <message>
        <source>; the limit is %1 per text</source>
        <translation>。上限はテキストごとに %1 です</translation>
    </message>
    <message>
        <source>nests JSON more than %1 levels deep (at byte %2)</source>
        <translation>の JSON の入れ子が %1 段を超えています（バイト %2）</translation>
    </message>
    <message>
        <source>server %1: command</source>
        <translation>サーバー %1：コマンド</translation>
    </message>
    <message>
        <source>server %1: more than %2 arguments</source>
        <translation>サーバー %1：引数が %2 個を超えています</translation>
    </message>
    <message>
        <source>server %1: an argument</source>
        <translation>サーバー %1：引数</translation>
    </message>
    <message>
        <source>server %1: working folder</source>
        <translation>サーバー %1：作業フォルダー</translation>
    </message>
    <message>
        <source>server %1: the url must be http:// or https:// (at most %2 characters)</source>
        <translation>サーバー %1：url は http:// か https:// で始まる必要があります（最大 %2 文字）</translation>
    </message>
    <message>
        <source>server name %1 must be 1-%2 letters, digits, &apos;_&apos;, &apos;.&apos; or &apos;-&apos;</source>
        <translation>サーバー名 %1 は 1-%2 文字の英字、数字、&apos;_&apos;、&apos;.&apos;、&apos;-&apos; にしてください</translation>
    </message>
    <message>
        <source>the config is longer than %1 characters</source>
        <translation>設定が %1 文字を超えています</translation>
    </message>
    <message>
        <source>the config %1</source>
        <translation>設定%1</translation>
    </message>
    <message>
        <source>the config is not JSON (%1)</source>
        <translation>設定が JSON ではありません（%1）</translation>
    </message>
    <message>
        <source>expected a JSON object with an &quot;mcpServers&quot; object of servers</source>
        <translation>サーバーの &quot;mcpServers&quot; オブジェクトを持つ JSON オブジェクトが必要です</translation>
    </message>
    <message>
        <source>the config names no servers</source>
        <translation>設定にサーバーがありません</translation>
    </message>
    <message>
        <source>the config names more than %1 servers</source>
        <translation>設定のサーバーが %1 個を超えています</translation>
    </message>
    <message>
        <source>the form holds more than %1 characters</source>
        <translation>フォームが %1 文字を超えています</translation>
    </message>
    <message>
        <source>server %1: more than %2 environment lines</source>
        <translation>サーバー %1：環境変数の行が %2 行を超えています</translation>
    </message>
    <message>
        <source>server %1: more than %2 header lines</source>
        <translation>サーバー %1：ヘッダーの行が %2 行を超えています</translation>
    </message>
    <message>
        <source>server %1: environment line %2 is not %3</source>
        <translation>サーバー %1：環境変数の %2 行目が %3 ではありません</translation>
    </message>
    <message>
        <source>server %1: header line %2 is not %3</source>
        <translation>サーバー %1：ヘッダーの %2 行目が %3 ではありません</translation>
    </message>
    <message>
        <source>server %1 is not a JSON object</source>
        <translation>サーバー %1 が JSON オブジェクトではありません</translation>
    </message>
    <message>
        <source>server %1: transport %2 is not supported (stdio or Streamable HTTP)</source>
        <translation>サーバー %1：トランスポート %2 には対応していません（stdio か Streamable HTTP）</translation>
    </message>
    <message>
        <source>server %1 has neither &quot;command&quot; nor &quot;url&quot;</source>
        <translation>サーバー %1 に &quot;command&quot; も &quot;url&quot; もありません</translation>
    </message>
    <message>
        <source>server %1: &quot;args&quot; must be a list of strings</source>
        <translation>サーバー %1：&quot;args&quot; は文字列のリストにしてください</translation>
    </message>
    <message>
        <source>server %1: &quot;cwd&quot; must be a string</source>
        <translation>サーバー %1：&quot;cwd&quot; は文字列にしてください</translation>
    </message>
    <message>
        <source>server %1: &quot;%2&quot; must be an object of strings</source>
        <translation>サーバー %1：&quot;%2&quot; は文字列のオブジェクトにしてください</translation>
    </message>
    <message>
        <source>%1 must be a string</source>
        <translation>%1は文字列にしてください</translation>
    </message>
    <message>
        <source>%1 is empty</source>
        <translation>%1が空です</translation>
    </message>
    <message>
        <source>%1 is longer than %2 characters</source>
        <translation>%1が %2 文字を超えています</translation>
    </message>
    <message>
        <source>%1 is not valid Unicode text (a lone surrogate)</source>
        <translation>%1が有効な Unicode テキストではありません（孤立サロゲート）</translation>
    </message>
    <message>
        <source>server %1: more than %2 headers</source>
        <translation>サーバー %1：ヘッダーが %2 個を超えています</translation>
    </message>
    <message>
        <source>server %1: more than %2 environment variables</source>
        <translation>サーバー %1：環境変数が %2 個を超えています</translation>
    </message>
    <message>
        <source>server %1: header name %2 is not valid</source>
        <translation>サーバー %1：ヘッダー名 %2 は無効です</translation>
    </message>
    <message>
        <source>server %1: environment variable name %2 is not valid</source>
        <translation>サーバー %1：環境変数名 %2 は無効です</translation>
    </message>
    <message>
        <source>server %1: header %2</source>
        <translation>サーバー %1：ヘッダー %2</translation>
    </message>
    <message>
        <source>server %1: environment variable %2</source>
        <translation>サーバー %1：環境変数 %2</translation>
    </message>
    <message>
        <source>%1 contains a line break</source>
        <translation>%1に改行が含まれています</translation>
    </message>
    <message>
        <source>Redacted from %1: %2 (likely secrets are never remembered).</source>
        <translation>%1から削除：%2（機密らしいものは記憶しません）。</translation>
    </message>
    <message>
        <source>the text</source>
        <translation>テキスト</translation>
    </message>
    <message>
        <source>the memory entry</source>
        <translation>メモリの項目</translation>
    </message>
    <message>
        <source>the memory</source>
        <translation>メモリ</translation>
    </message>
    <message>
        <source>the dream card</source>
        <translation>ドリームカード</translation>
    </message>
    <message>
        <source>the topic summary</source>
        <translation>トピックの要約</translation>
    </message>
    <message>
        <source>the imported memory</source>
        <translation>インポートしたメモリ</translation>
    </message>
    <message>
        <source>the reply was cut at the model&apos;s output token limit (max tokens)</source>
        <translation>返信はモデルの出力トークン上限（最大トークン数）で打ち切られました</translation>
    </message>
    <message>
        <source>warning — %1</source>
        <translation>警告 — %1</translation>
    </message>
    <message>
        <source>the send failed: %1</source>
        <translation>送信に失敗しました：%1</translation>
    </message>
    <message>
        <source>: </source>
        <translation>：</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <source>this export is already imported into %1 as topic %2</source>
        <translation>このエクスポートは %1 にトピック %2 としてインポート済みです</translation>
    </message>
    <message>
        <source>not a ChatHub topic export: %1</source>
        <translation>ChatHub のトピックのエクスポートではありません：%1</translation>
    </message>
    <message>
        <source>the file is %1; a topic export is at most %2</source>
        <translation>ファイルは %1 です。トピックのエクスポートは最大 %2 です</translation>
    </message>
    <message>
        <source>it is not UTF-8 text (byte %1)</source>
        <translation>UTF-8 テキストではありません（%1 バイト目）</translation>
    </message>
    <message>
        <source>not a ChatHub topic export: it %1</source>
        <translation>ChatHub のトピックのエクスポートではありません：ファイル%1</translation>
    </message>
    <message>
        <source>invalid JSON (%1)</source>
        <translation>無効な JSON です（%1）</translation>
    </message>
    <message>
        <source>no &quot;format&quot;: &quot;%1&quot;</source>
        <translation>&quot;format&quot;: &quot;%1&quot; がありません</translation>
    </message>
    <message>
        <source>version %1 is not %2</source>
        <translation>バージョン %1 は %2 ではありません</translation>
    </message>
    <message>
        <source>no &quot;topic&quot; object</source>
        <translation>&quot;topic&quot; オブジェクトがありません</translation>
    </message>
    <message>
        <source>no &quot;messages&quot; list</source>
        <translation>&quot;messages&quot; リストがありません</translation>
    </message>
    <message>
        <source>%1 messages; at most %2</source>
        <translation>メッセージが %1 件あります。最大 %2 件です</translation>
    </message>
    <message>
        <source>message %1 is not an object</source>
        <translation>メッセージ %1 がオブジェクトではありません</translation>
    </message>
    <message>
        <source>message %1: &quot;%2&quot; is not text</source>
        <translation>メッセージ %1：&quot;%2&quot; がテキストではありません</translation>
    </message>
    <message>
        <source>message %1 has role %2</source>
        <translation>メッセージ %1 のロールが %2 です</translation>
    </message>
    <message>
        <source>message %1 has status %2</source>
        <translation>メッセージ %1 の状態が %2 です</translation>
    </message>
    <message>
        <source>message %1: %2 is not a token count</source>
        <translation>メッセージ %1：%2 がトークン数ではありません</translation>
    </message>
    <message>
        <source>message %1: tool_calls is not a list of calls</source>
        <translation>メッセージ %1：tool_calls が呼び出しのリストではありません</translation>
    </message>
    <message>
        <source>message %1: a tool call is not {id, name, arguments} text</source>
        <translation>メッセージ %1：ツール呼び出しが {id, name, arguments} のテキストではありません</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not text</source>
        <translation>&quot;%1&quot; がテキストではありません</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is longer than %2 characters</source>
        <translation>&quot;%1&quot; が %2 文字を超えています</translation>
    </message>
    <message>
        <source>&quot;%1&quot; holds a NUL character</source>
        <translation>&quot;%1&quot; に NUL 文字が含まれています</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not true or false</source>
        <translation>&quot;%1&quot; が true でも false でもありません</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an ISO 8601 time with a UTC offset</source>
        <translation>&quot;%1&quot; が UTC オフセット付きの ISO 8601 時刻ではありません</translation>
    </message>
    <message>
        <source>%1 is not valid JSON (%2)</source>
        <translation>%1 は有効な JSON ではありません（%2）</translation>
    </message>
    <message>
        <source>%1 is %2; the limit is %3</source>
        <translation>%1 は %2 です。上限は %3 です</translation>
    </message>
    <message>
        <source>%1 is not valid JSON (it %2)</source>
        <translation>%1 は有効な JSON ではありません（ファイル%2）</translation>
    </message>
    <message>
        <source>cannot read %1 as a Claude export zip (%2)</source>
        <translation>%1 を Claude エクスポートの zip として読めません（%2）</translation>
    </message>
    <message>
        <source>%1: %2 has %3 characters; the limit is %4</source>
        <translation>%1：%2 が %3 文字あります。上限は %4 です</translation>
    </message>
    <message>
        <source>%1: %2 holds %3, which cannot be stored</source>
        <translation>%1：%2 に保存できない %3 が含まれています</translation>
    </message>
    <message>
        <source>%1: expected an object, got %2</source>
        <translation>%1：オブジェクトが必要ですが、%2 でした</translation>
    </message>
    <message>
        <source>%1: &apos;id&apos; must be a non-empty string</source>
        <translation>%1：&apos;id&apos; は空でない文字列にしてください</translation>
    </message>
    <message>
        <source>%1: &apos;context_window&apos; must be a positive integer up to %2, got %3</source>
        <translation>%1：&apos;context_window&apos; は %2 以下の正の整数にしてください（%3 でした）</translation>
    </message>
    <message>
        <source>%1: &apos;max_output&apos; must be a positive integer up to %2 or null, got %3</source>
        <translation>%1：&apos;max_output&apos; は %2 以下の正の整数か null にしてください（%3 でした）</translation>
    </message>
    <message>
        <source>%1: &apos;reasoning&apos; must be true or false, got %2</source>
        <translation>%1：&apos;reasoning&apos; は true か false にしてください（%2 でした）</translation>
    </message>
    <message>
        <source>%1: &apos;thinking_off&apos; must be one of %2 or null, got %3</source>
        <translation>%1：&apos;thinking_off&apos; は %2 のいずれかか null にしてください（%3 でした）</translation>
    </message>
    <message>
        <source>%1: &apos;min_effort&apos; must be a string or null, got %2</source>
        <translation>%1：&apos;min_effort&apos; は文字列か null にしてください（%2 でした）</translation>
    </message>
    <message>
        <source>%1: &apos;aliases&apos; must be a list of strings</source>
        <translation>%1：&apos;aliases&apos; は文字列のリストにしてください</translation>
    </message>
    <message>
        <source>model catalog has %1 characters; a catalog is at most %2</source>
        <translation>モデルカタログが %1 文字あります。カタログは最大 %2 文字です</translation>
    </message>
    <message>
        <source>model catalog is not valid JSON: %1 at line %2 column %3</source>
        <translation>モデルカタログが有効な JSON ではありません：%2 行 %3 列目で %1</translation>
    </message>
    <message>
        <source>model catalog holds a number too large to read</source>
        <translation>モデルカタログに読み取れないほど大きな数値があります</translation>
    </message>
    <message>
        <source>model catalog: &apos;models&apos; must be a list of entries</source>
        <translation>モデルカタログ：&apos;models&apos; は項目のリストにしてください</translation>
    </message>
    <message>
        <source>model catalog: expected an object with a &apos;models&apos; list</source>
        <translation>モデルカタログ：&apos;models&apos; リストを持つオブジェクトが必要です</translation>
    </message>
    <message>
        <source>%1: id or alias %2 is already used by models[%3]</source>
        <translation>%1：id または別名 %2 は models[%3] で使われています</translation>
    </message>
    <message>
        <source>a number too large</source>
        <translation>大きすぎる数値</translation>
    </message>
    <message>
        <source>model catalog %1; a catalog needs 4 levels and short texts</source>
        <translation>モデルカタログ%1。カタログに必要なのは 4 階層と短いテキストです</translation>
    </message>
    <message>
        <source>import ChatGPT exports with File → Import → ChatGPT export, or `chathub-desktop import chatgpt`</source>
        <translation>ChatGPT のエクスポートは「ファイル → インポート → ChatGPT エクスポート」か `chathub-desktop import chatgpt` でインポートしてください</translation>
    </message>
    <message>
        <source>its provenance block</source>
        <translation>その出どころブロック</translation>
    </message>
    <message>
        <source>the fixed memory block</source>
        <translation>固定メモリのブロック</translation>
    </message>
    <message>
        <source>the dynamic memory block</source>
        <translation>動的メモリのブロック</translation>
    </message>
    <message>
        <source>a memory file is JSON or Markdown saved as UTF-8, or as UTF-16 with a byte-order mark</source>
        <translation>メモリファイルは UTF-8、またはバイトオーダーマーク（BOM）付きの UTF-16 で保存した JSON か Markdown です</translation>
    </message>
    <message>
        <source>the file is %1; a memory file is at most %2</source>
        <translation>ファイルは %1 です。メモリファイルは最大 %2 です</translation>
    </message>
    <message>
        <source>this is a ChatGPT export zip, not a memory file; %1</source>
        <translation>これは ChatGPT エクスポートの zip で、メモリファイルではありません。%1</translation>
    </message>
    <message>
        <source>this is a zip archive, not a memory file (JSON or Markdown)</source>
        <translation>これは zip アーカイブで、メモリファイル（JSON か Markdown）ではありません</translation>
    </message>
    <message>
        <source>the file is UTF-32 text; %1</source>
        <translation>ファイルは UTF-32 テキストです。%1</translation>
    </message>
    <message>
        <source>the file is not UTF-8 text, nor the UTF-16 its first bytes announce (byte %1)</source>
        <translation>ファイルは UTF-8 テキストでも、先頭のバイトが示す UTF-16 でもありません（%1 バイト目）</translation>
    </message>
    <message>
        <source>the file looks like UTF-16 text without a byte-order mark; %1</source>
        <translation>ファイルはバイトオーダーマーク（BOM）のない UTF-16 テキストのようです。%1</translation>
    </message>
    <message>
        <source>this is a binary file (it holds NUL bytes, the first at byte %1), not a memory file</source>
        <translation>これはバイナリファイル（NUL バイトを含み、最初は %1 バイト目）で、メモリファイルではありません</translation>
    </message>
    <message>
        <source>the file is not UTF-8 text (byte %1 at offset %2); %3</source>
        <translation>ファイルは UTF-8 テキストではありません（オフセット %2 のバイト %1）。%3</translation>
    </message>
    <message>
        <source>%1 holds a NUL character (binary data), which memory cannot hold</source>
        <translation>%1に NUL 文字（バイナリデータ）があり、メモリには保存できません</translation>
    </message>
    <message>
        <source>%1 holds an invalid character (a lone UTF-16 surrogate at position %2)</source>
        <translation>%1に無効な文字があります（位置 %2 に単独の UTF-16 サロゲート）</translation>
    </message>
    <message>
        <source>%1 nests JSON more than %2 levels deep; a memory file never does</source>
        <translation>%1の JSON の入れ子が %2 階層を超えています。メモリファイルではありえません</translation>
    </message>
    <message>
        <source>%1 is not valid JSON: %2 at line %3, column %4</source>
        <translation>%1は有効な JSON ではありません：%3 行 %4 列で %2</translation>
    </message>
    <message>
        <source>; it looks cut short</source>
        <translation>。途中で切れているようです</translation>
    </message>
    <message>
        <source>%1 nests JSON too deeply</source>
        <translation>%1の JSON の入れ子が深すぎます</translation>
    </message>
    <message>
        <source>%1 holds a number too large to read; a memory file&apos;s numbers are small</source>
        <translation>%1に読み取れないほど大きな数値があります。メモリファイルの数値は小さいものです</translation>
    </message>
    <message>
        <source>%1 must be an ISO 8601 time, not %2</source>
        <translation>%1 は ISO 8601 の時刻にしてください（%2 ではなく）</translation>
    </message>
    <message>
        <source>%1 is not an ISO 8601 time: %2</source>
        <translation>%1 は ISO 8601 の時刻ではありません：%2</translation>
    </message>
    <message>
        <source>%1 has no time zone: %2</source>
        <translation>%1 にタイムゾーンがありません：%2</translation>
    </message>
    <message>
        <source>%1 is out of range: %2</source>
        <translation>%1 が範囲外です：%2</translation>
    </message>
    <message>
        <source>%1 must be a list</source>
        <translation>%1 はリストにしてください</translation>
    </message>
    <message>
        <source>%1 must be an object</source>
        <translation>%1 はオブジェクトにしてください</translation>
    </message>
    <message>
        <source>%1 must be a 64-character sha256 hex string</source>
        <translation>%1 は 64 文字の sha256 16 進文字列にしてください</translation>
    </message>
    <message>
        <source>%1 must be one of %2, not %3</source>
        <translation>%1 は %2 のいずれかにしてください（%3 ではなく）</translation>
    </message>
    <message>
        <source>%1 must be true or false</source>
        <translation>%1 は true か false にしてください</translation>
    </message>
    <message>
        <source>%1 must be fixed or dynamic, not %2</source>
        <translation>%1 は fixed か dynamic にしてください（%2 ではなく）</translation>
    </message>
    <message>
        <source>%1 must be an object with a text &quot;document&quot;</source>
        <translation>%1 はテキストの &quot;document&quot; を持つオブジェクトにしてください</translation>
    </message>
    <message>
        <source>this is a ChatGPT export (conversations.json), not a memory file; %1</source>
        <translation>これは ChatGPT のエクスポート（conversations.json）で、メモリファイルではありません。%1</translation>
    </message>
    <message>
        <source>this is a JSON array, not a ChatHub memory file (expected an object with %1)</source>
        <translation>これは JSON 配列で、ChatHub のメモリファイルではありません（%1 を持つオブジェクトのはずです）</translation>
    </message>
    <message>
        <source>this is JSON but not a ChatHub memory file (expected %1)</source>
        <translation>これは JSON ですが、ChatHub のメモリファイルではありません（%1 があるはずです）</translation>
    </message>
    <message>
        <source>true or false</source>
        <translation>true か false</translation>
    </message>
    <message>
        <source>this is JSON (%1), not a ChatHub memory file</source>
        <translation>これは JSON（%1）で、ChatHub のメモリファイルではありません</translation>
    </message>
    <message>
        <source>this looks like a ChatGPT export (conversations.json), not a memory file, and %1; %2</source>
        <translation>これは ChatGPT のエクスポート（conversations.json）のようで、メモリファイルではありません。また、%1。%2</translation>
    </message>
    <message>
        <source>memory file version %1 is not supported (this app reads %2)</source>
        <translation>メモリファイルのバージョン %1 には対応していません（このアプリが読めるのは %2）</translation>
    </message>
    <message>
        <source>the file is damaged: its first line should be exactly %1</source>
        <translation>ファイルが壊れています：1 行目はちょうど %1 のはずです</translation>
    </message>
    <message>
        <source>the file is damaged: line %1 comes after the provenance block that ends an export</source>
        <translation>ファイルが壊れています：%1 行目がエクスポートの最後にある出どころブロックの後にあります</translation>
    </message>
    <message>
        <source>the file is damaged: %1 appears twice (line %2)</source>
        <translation>ファイルが壊れています：%1が 2 回出てきます（%2 行目）</translation>
    </message>
    <message>
        <source>%1 at line %2 is damaged: it should hold exactly %3 characters and end with %4</source>
        <translation>%2 行目の%1が壊れています：ちょうど %3 文字で、%4 で終わるはずです</translation>
    </message>
    <message>
        <source>the file is damaged: its provenance block (line %1) is cut off</source>
        <translation>ファイルが壊れています：出どころブロック（%1 行目）が途中で切れています</translation>
    </message>
    <message>
        <source>the file is damaged: line %1 is a broken memory block marker: %2</source>
        <translation>ファイルが壊れています：%1 行目は壊れたメモリブロックの目印です：%2</translation>
    </message>
    <message>
        <source>the file is damaged: its provenance block at the end is missing or cut off</source>
        <translation>ファイルが壊れています：最後の出どころブロックがないか、途中で切れています</translation>
    </message>
    <message>
        <source>the file is damaged: there is text after its provenance block (line %1)</source>
        <translation>ファイルが壊れています：出どころブロックの後にテキストがあります（%1 行目）</translation>
    </message>
    <message>
        <source>this is JSON but not a ChatHub memory file</source>
        <translation>これは JSON ですが、ChatHub のメモリファイルではありません</translation>
    </message>
    <message>
        <source>the file is cut short: it holds only %1, the start of a memory file</source>
        <translation>ファイルが途中で切れています：メモリファイルの冒頭の %1 しかありません</translation>
    </message>
    <message>
        <source>this memory file&apos;s version line %1 is not one this app reads (%2)</source>
        <translation>このメモリファイルのバージョン行 %1 はこのアプリでは読めません（%2）</translation>
    </message>
    <message>
        <source>the file is damaged: it holds a memory block marker (line %1: %2) but does not start with %3</source>
        <translation>ファイルが壊れています：メモリブロックの目印（%1 行目：%2）がありますが、%3 で始まっていません</translation>
    </message>
    <message>
        <source>this is %1, not a memory document (%2)</source>
        <translation>これは%1で、メモリ文書ではありません（%2）</translation>
    </message>
    <message>
        <source>this is not a memory document: it has %1 characters of plain text (the limit is %2)</source>
        <translation>これはメモリ文書ではありません：プレーンテキストが %1 文字あります（上限は %2）</translation>
    </message>
    <message>
        <source>this is not a memory document: line %1 has %2 characters (a plain document&apos;s lines stay under %3)</source>
        <translation>これはメモリ文書ではありません：%1 行目が %2 文字あります（プレーンな文書の行は %3 文字未満です）</translation>
    </message>
    <message>
        <source>a memory file is a ChatHub JSON or Markdown export, or a Markdown/text document</source>
        <translation>メモリファイルは ChatHub の JSON か Markdown のエクスポート、または Markdown/テキストの文書です</translation>
    </message>
    <message>
        <source>a CSV table (%1 columns, %2 rows)</source>
        <translation>CSV の表（%1 列、%2 行）</translation>
    </message>
    <message>
        <source>a CSV table (semicolon-separated) (%1 columns, %2 rows)</source>
        <translation>CSV の表（セミコロン区切り）（%1 列、%2 行）</translation>
    </message>
    <message>
        <source>a tab-separated table (%1 columns, %2 rows)</source>
        <translation>タブ区切りの表（%1 列、%2 行）</translation>
    </message>
    <message>
        <source>the file is empty</source>
        <translation>ファイルが空です</translation>
    </message>
    <message>
        <source>this is a binary file (it holds NUL characters), not a memory file</source>
        <translation>これはバイナリファイル（NUL 文字を含む）で、メモリファイルではありません</translation>
    </message>
    <message>
        <source>the file holds neither fixed nor dynamic memory</source>
        <translation>ファイルには固定メモリも動的メモリもありません</translation>
    </message>
    <message>
        <source>dynamic memory card #%1 [%2] has %3 characters; a single-day card holds at most %4 (DRM-13), and one over %5 times that is refused rather than cut</source>
        <translation>動的メモリのカード #%1 [%2] は %3 文字あります。単日カードは最大 %4 文字（DRM-13）で、その %5 倍を超えるものは切り詰めずに拒否します</translation>
    </message>
    <message>
        <source>dynamic memory card #%1 [%2] has %3 characters; a range card holds at most %4 (DRM-13), and one over %5 times that is refused rather than cut</source>
        <translation>動的メモリのカード #%1 [%2] は %3 文字あります。範囲カードは最大 %4 文字（DRM-13）で、その %5 倍を超えるものは切り詰めずに拒否します</translation>
    </message>
    <message>
        <source>its dynamic memory has %1 cards and %2 characters; keeping %3 dream cards, an assistant&apos;s dynamic memory holds at most %4 characters (DRM-13: %5); raise Keep dream cards or import fewer cards</source>
        <translation>動的メモリにカードが %1 枚、%2 文字あります。ドリームカードを %3 枚残す場合、アシスタントの動的メモリは最大 %4 文字です（DRM-13：%5）。「残すドリームカード数」を増やすか、インポートするカードを減らしてください</translation>
    </message>
    <message>
        <source>a %1 file is a table, not a memory document (%2)</source>
        <translation>%1 ファイルは表で、メモリ文書ではありません（%2）</translation>
    </message>
    <message>
        <source>%1 is named .json but does not hold JSON</source>
        <translation>%1 は .json という名前ですが、JSON が入っていません</translation>
    </message>
    <message>
        <source>a folder</source>
        <translation>フォルダー</translation>
    </message>
    <message>
        <source>a named pipe (FIFO)</source>
        <translation>名前付きパイプ（FIFO）</translation>
    </message>
    <message>
        <source>a socket</source>
        <translation>ソケット</translation>
    </message>
    <message>
        <source>a character device</source>
        <translation>キャラクターデバイス</translation>
    </message>
    <message>
        <source>a block device</source>
        <translation>ブロックデバイス</translation>
    </message>
    <message>
        <source>file</source>
        <translation>ファイル</translation>
    </message>
    <message>
        <source>memory file</source>
        <translation>メモリファイル</translation>
    </message>
    <message>
        <source>model catalog</source>
        <translation>モデルカタログ</translation>
    </message>
    <message>
        <source>config file</source>
        <translation>設定ファイル</translation>
    </message>
    <message>
        <source>topic export</source>
        <translation>トピックのエクスポート</translation>
    </message>
    <message>
        <source>not a regular file</source>
        <translation>通常のファイルではないもの</translation>
    </message>
    <message>
        <source>%1 is %2, not a regular file; nothing was read</source>
        <translation>%1 は%2で、通常のファイルではありません。何も読み込んでいません</translation>
    </message>
    <message>
        <source>%1 was replaced while it was being opened; nothing was read</source>
        <translation>%1 は開いている間に置き換えられました。何も読み込んでいません</translation>
    </message>
    <message>
        <source>%1 is larger than %2; a %3 is at most %2; nothing was read</source>
        <translation>%1 は %2 を超えています。%3は最大 %2 です。何も読み込んでいません</translation>
    </message>
    <message>
        <source>fixed memory</source>
        <translation>固定メモリ</translation>
    </message>
    <message>
        <source>dynamic memory</source>
        <translation>動的メモリ</translation>
    </message>
    <message>
        <source>that entry is already paused; nothing to revert</source>
        <translation>その項目はすでに一時停止中です。元に戻すものはありません</translation>
    </message>
    <message>
        <source>that entry is already sent to the model; nothing to revert</source>
        <translation>その項目はすでにモデルに送られています。元に戻すものはありません</translation>
    </message>
    <message>
        <source>that card is already paused; nothing to revert</source>
        <translation>そのカードはすでに一時停止中です。元に戻すものはありません</translation>
    </message>
    <message>
        <source>that card is already sent to the model; nothing to revert</source>
        <translation>そのカードはすでにモデルに送られています。元に戻すものはありません</translation>
    </message>
    <message>
        <source>no memory change #%1 for this assistant (it may be older than the history keeps)</source>
        <translation>このアシスタントにメモリの変更 #%1 はありません（履歴が保持する期間より古い可能性があります）</translation>
    </message>
    <message>
        <source>%1 is already as it was before change #%2; nothing to revert</source>
        <translation>%1はすでに変更 #%2 の前の状態です。元に戻すものはありません</translation>
    </message>
    <message>
        <source>%1 changed %2 time after change #%3; reverting it would also undo that — nothing was reverted (undo only that change: History → Revert, or memory revert --only; or look at what a revert overwrites first: memory revert --overwrite)</source>
        <translation>変更 #%3 の後に%1が %2 回変更されました。元に戻すとその変更も取り消されます — 何も元に戻していません（その変更だけを取り消す：履歴 → 元に戻す、または memory revert --only。元に戻すと上書きされる内容を先に見る：memory revert --overwrite）</translation>
    </message>
    <message>
        <source>%1 changed %2 times after change #%3; reverting it would also undo that — nothing was reverted (undo only that change: History → Revert, or memory revert --only; or look at what a revert overwrites first: memory revert --overwrite)</source>
        <translation>変更 #%3 の後に%1が %2 回変更されました。元に戻すとそれらの変更も取り消されます — 何も元に戻していません（その変更だけを取り消す：履歴 → 元に戻す、または memory revert --only。元に戻すと上書きされる内容を先に見る：memory revert --overwrite）</translation>
    </message>
    <message>
        <source>“%1” was changed or deleted after change #%2, so that change cannot be undone on its own; nothing was undone</source>
        <translation>「%1」は変更 #%2 の後に変更または削除されたため、その変更だけを取り消すことはできません。何も取り消していません</translation>
    </message>
    <message>
        <source>%1 already holds what change #%2 replaced; nothing to undo</source>
        <translation>%1には変更 #%2 で置き換えられた内容がすでにあります。取り消すものはありません</translation>
    </message>
    <message>
        <source>%1 changed again since the revert was shown; nothing was reverted</source>
        <translation>元に戻す内容を表示した後に%1が再び変更されました。何も元に戻していません</translation>
    </message>
    <message>
        <source>%1 attachments; at most %2 per message</source>
        <translation>添付ファイルが %1 個あります。1 メッセージに最大 %2 個です</translation>
    </message>
    <message>
        <source>%1 is empty (0 bytes); nothing to attach</source>
        <translation>%1 は空（0 バイト）です。添付するものがありません</translation>
    </message>
    <message>
        <source>%1 is not an image this app can read (PNG, JPEG, GIF, WebP or BMP)</source>
        <translation>%1 はこのアプリで読める画像（PNG、JPEG、GIF、WebP、BMP）ではありません</translation>
    </message>
    <message>
        <source>%1 must be resized before it can be sent, and no image codec is available</source>
        <translation>%1 は送信前に縮小が必要ですが、使える画像コーデックがありません</translation>
    </message>
    <message>
        <source>%1 could not be made small enough to send</source>
        <translation>%1 を送信できる大きさまで小さくできませんでした</translation>
    </message>
    <message>
        <source>no memory entry #%1</source>
        <translation>メモリ項目 #%1 はありません</translation>
    </message>
    <message>
        <source>entry #%1 changed in another window or command since it was shown; nothing was changed</source>
        <translation>項目 #%1 は表示後に別のウィンドウまたはコマンドで変更されました。何も変更していません</translation>
    </message>
    <message>
        <source>origin must be one of %1, got %2</source>
        <translation>出どころは %1 のいずれかです（%2 が指定されました）</translation>
    </message>
    <message>
        <source>no topic %1 for assistant %2</source>
        <translation>アシスタント %2 にトピック %1 はありません</translation>
    </message>
    <message>
        <source>card #%1 [%2] changed in another window or command since it was shown; nothing was changed</source>
        <translation>カード #%1 [%2] は表示後に別のウィンドウまたはコマンドで変更されました。何も変更していません</translation>
    </message>
    <message>
        <source>no dynamic memory card #%1</source>
        <translation>動的メモリのカード #%1 はありません</translation>
    </message>
    <message>
        <source>card #%1 holds at most %2 characters; this text has %3 (about %4 fit)</source>
        <translation>カード #%1 は最大 %2 文字です。このテキストは %3 文字あります（収まるのは約 %4 文字）</translation>
    </message>
    <message>
        <source>unknown compaction trigger %1</source>
        <translation>不明な圧縮のきっかけ %1 です</translation>
    </message>
    <message>
        <source>only regular topic chats have a summary to edit</source>
        <translation>編集できる要約があるのは通常のトピックのチャットだけです</translation>
    </message>
    <message>
        <source>the summary changed since you opened it (a compaction finished); your text was not saved — reopen the summary and edit again</source>
        <translation>開いた後に要約が変わりました（圧縮が完了しました）。テキストは保存されていません — 要約を開き直してもう一度編集してください</translation>
    </message>
    <message>
        <source>assistant %1 has no provider; pick one in its settings</source>
        <translation>アシスタント %1 にプロバイダーがありません。その設定で選んでください</translation>
    </message>
    <message>
        <source>assistant %1 has no chat model; set one in its settings</source>
        <translation>アシスタント %1 にチャットモデルがありません。その設定で指定してください</translation>
    </message>
    <message>
        <source>provider %1 is turned off; turn it on in Settings → Providers</source>
        <translation>プロバイダー %1 はオフです。設定 → プロバイダー でオンにしてください</translation>
    </message>
    <message>
        <source>no message %1 (it was deleted)</source>
        <translation>メッセージ %1 はありません（削除されました）</translation>
    </message>
    <message>
        <source>a dream card holds at most %1 characters; this text has %2</source>
        <translation>ドリームカードは最大 %1 文字です。このテキストは %2 文字あります</translation>
    </message>
    <message>
        <source>no dream proposal %1</source>
        <translation>ドリームの提案 %1 はありません</translation>
    </message>
    <message>
        <source>keep dream cards must be %1–%2, not %3</source>
        <translation>残すドリームカードの数は %1〜%2 です（%3 ではありません）</translation>
    </message>
    <message>
        <source>card #%1 [%2] covers no single day and cannot be regenerated</source>
        <translation>カード #%1 [%2] は単日カードではないため、再生成できません</translation>
    </message>
    <message>
        <source>the card for %1 was deleted meanwhile</source>
        <translation>%1のカードはその間に削除されました</translation>
    </message>
    <message>
        <source>this reply is still being written; press Stop first</source>
        <translation>この返信はまだ書いている途中です。先に「停止」を押してください</translation>
    </message>
    <message>
        <source>another ChatHub window or command is still writing a reply in this topic; wait for it or stop it there; if it no longer answers, mark its reply as interrupted (the reply&apos;s menu, or `chat interrupt --topic %1`)</source>
        <translation>別の ChatHub ウィンドウまたはコマンドがこのトピックでまだ返信を書いています。終わるのを待つか、そちらで停止してください。応答しなくなった場合は、その返信を中断済みにしてください（返信のメニュー、または `chat interrupt --topic %1`）</translation>
    </message>
    <message>
        <source>another ChatHub window or command is still writing a reply in this topic; wait for it or stop it there before deleting it; if it no longer answers, mark its reply as interrupted (the reply&apos;s menu, or `chat interrupt --topic %1`)</source>
        <translation>別の ChatHub ウィンドウまたはコマンドがこのトピックでまだ返信を書いています。削除する前に、終わるのを待つかそちらで停止してください。応答しなくなった場合は、その返信を中断済みにしてください（返信のメニュー、または `chat interrupt --topic %1`）</translation>
    </message>
    <message>
        <source>position %1 of topic %2 has no version %3 (it has %4)</source>
        <translation>トピック %2 の位置 %1 にバージョン %3 はありません（%4 個あります）</translation>
    </message>
    <message>
        <source>this message has no other versions</source>
        <translation>このメッセージにほかのバージョンはありません</translation>
    </message>
    <message>
        <source>there is no version %1 of %2</source>
        <translation>バージョン %1/%2 はありません</translation>
    </message>
    <message>
        <source>only the topic&apos;s last reply can be regenerated</source>
        <translation>再生成できるのはトピックの最後の返信だけです</translation>
    </message>
    <message>
        <source>only your own messages can be edited and resent</source>
        <translation>編集して再送信できるのは自分のメッセージだけです</translation>
    </message>
    <message>
        <source>no provider named %1; add it first or pick one of the configured providers</source>
        <translation>%1 という名前のプロバイダーはありません。先に追加するか、設定済みのプロバイダーから選んでください</translation>
    </message>
    <message>
        <source>%1 — stderr: %2</source>
        <translation>%1 — stderr：%2</translation>
    </message>
    <message>
        <source>%1; restarting in %2 s</source>
        <translation>%1。%2 秒後に再起動します</translation>
    </message>
    <message>
        <source>only a Streamable HTTP server can be signed in to</source>
        <translation>サインインできるのは Streamable HTTP サーバーだけです</translation>
    </message>
    <message>
        <source>the tool servers are shut down</source>
        <translation>ツールサーバーは終了しています</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>停止しました</translation>
    </message>
    <message>
        <source>%1 was not found on PATH (%2)</source>
        <translation>PATH に %1 が見つかりません（%2）</translation>
    </message>
    <message>
        <source>the server lists more than %1 tools</source>
        <translation>サーバーが %1 個を超えるツールを返しました</translation>
    </message>
    <message>
        <source>not running</source>
        <translation>実行されていません</translation>
    </message>
    <message>
        <source>%1 took longer than %2 s</source>
        <translation>%1 が %2 秒を超えました</translation>
    </message>
    <message>
        <source>the result of %1 is larger than %2 MB</source>
        <translation>%1 の結果が %2 MB を超えています</translation>
    </message>
    <message>
        <source>no answer to the handshake</source>
        <translation>ハンドシェイクに応答がありません</translation>
    </message>
    <message>
        <source>could not start: %1</source>
        <translation>起動できません：%1</translation>
    </message>
    <message>
        <source>the server closed the connection</source>
        <translation>サーバーが接続を閉じました</translation>
    </message>
    <message>
        <source>the server exited</source>
        <translation>サーバーが終了しました</translation>
    </message>
    <message>
        <source>the server was ended by %1</source>
        <translation>サーバーは %1 で終了させられました</translation>
    </message>
    <message>
        <source>the server exited with status %1</source>
        <translation>サーバーがステータス %1 で終了しました</translation>
    </message>
    <message>
        <source>threshold compaction: %1</source>
        <translation>しきい値による圧縮：%1</translation>
    </message>
    <message>
        <source>could not encode the image as %1</source>
        <translation>画像を %1 にエンコードできません</translation>
    </message>
    <message>
        <source>the image could not be decoded</source>
        <translation>画像をデコードできません</translation>
    </message>
    <message>
        <source>still above %1 KB at the lowest quality</source>
        <translation>最低画質でも %1 KB を超えています</translation>
    </message>
    <message>
        <source>the keyring refused to store the key: %1</source>
        <translation>キーリングがキーの保存を拒否しました：%1</translation>
    </message>
    <message>
        <source>cannot read the key from the keyring: %1</source>
        <translation>キーリングからキーを読み込めません：%1</translation>
    </message>
    <message>
        <source>cannot delete the key from the keyring: %1</source>
        <translation>キーリングからキーを削除できません：%1</translation>
    </message>
    <message>
        <source>environment variable %1 is not set</source>
        <translation>環境変数 %1 が設定されていません</translation>
    </message>
    <message>
        <source>cannot write the key file %1: %2</source>
        <translation>キーファイル %1 に書き込めません：%2</translation>
    </message>
    <message>
        <source>cannot read the key file %1: %2</source>
        <translation>キーファイル %1 を読み込めません：%2</translation>
    </message>
    <message>
        <source>cannot change the key file %1: %2</source>
        <translation>キーファイル %1 を変更できません：%2</translation>
    </message>
    <message>
        <source>a stashed branch is larger than the store allows</source>
        <translation>退避したブランチがストアで扱える大きさを超えています</translation>
    </message>
    <message>
        <source>a stashed branch cannot be read: %1</source>
        <translation>退避したブランチを読み込めません：%1</translation>
    </message>
    <message>
        <source>a stashed branch is not a list of messages</source>
        <translation>退避したブランチがメッセージの一覧ではありません</translation>
    </message>
    <message>
        <source>card language must be one of %1</source>
        <translation>カードの言語は %1 のいずれかです</translation>
    </message>
    <message>
        <source> (got %1)</source>
        <translation>（%1 が指定されました）</translation>
    </message>
    <message>
        <source>%1 looks binary; only images and text or code files can be attached</source>
        <translation>%1 はバイナリのようです。添付できるのは画像とテキストまたはコードのファイルだけです</translation>
    </message>
    <message>
        <source>%1 is not a readable image</source>
        <translation>%1 は読み込める画像ではありません</translation>
    </message>
    <message>
        <source>%1 is %2 MB; attachments are limited to %3 MB</source>
        <translation>%1 は %2 MB です。添付ファイルは最大 %3 MB です</translation>
    </message>
    <message>
        <source>%1 is %2×%3 pixels; images are limited to %4 megapixels</source>
        <translation>%1 は %2×%3 ピクセルです。画像は最大 %4 メガピクセルです</translation>
    </message>
    <message>
        <source>%1 is %2 KB; text files are limited to %3 KB</source>
        <translation>%1 は %2 KB です。テキストファイルは最大 %3 KB です</translation>
    </message>
    <message>
        <source>%1 is not valid UTF-16 text</source>
        <translation>%1 は有効な UTF-16 のテキストではありません</translation>
    </message>
    <message>
        <source>%1 is not UTF-8 text; only images and text or code files can be attached</source>
        <translation>%1 は UTF-8 のテキストではありません。添付できるのは画像とテキストまたはコードのファイルだけです</translation>
    </message>
    <message>
        <source>%1 is ~%2 tokens; this model&apos;s input budget is %3</source>
        <translation>%1 は約 %2 トークンです。このモデルの入力予算は %3 です</translation>
    </message>
    <message>
        <source>This message with its %1 attachments</source>
        <translation>このメッセージと %1 件の添付ファイル</translation>
    </message>
    <message>
        <source>%1 must be &gt;= 1, got %2</source>
        <translation>%1 は 1 以上にしてください（%2 が指定されました）</translation>
    </message>
    <message>
        <source>%1 must be true/false (1/0, yes/no, on/off), got %2</source>
        <translation>%1 は true/false（1/0、yes/no、on/off）にしてください（%2 が指定されました）</translation>
    </message>
    <message>
        <source>%1 must be an integer, got %2</source>
        <translation>%1 は整数にしてください（%2 が指定されました）</translation>
    </message>
    <message>
        <source>%1 must be &gt;= 0, got %2</source>
        <translation>%1 は 0 以上にしてください（%2 が指定されました）</translation>
    </message>
    <message>
        <source>The request needs about %1 tokens even with older turns left out, but the budget is %2. Attach fewer files or images, or choose a model with a larger context window.</source>
        <translation>古いターンを省いてもこのリクエストには約 %1 トークン必要ですが、予算は %2 です。添付するファイルや画像を減らすか、コンテキストウィンドウの大きいモデルを選んでください。</translation>
    </message>
    <message>
        <source>%1 must be a whole number, not %2</source>
        <translation>%1 は整数にしてください（%2 ではありません）</translation>
    </message>
    <message>
        <source>%1 must be at least 1, not %2</source>
        <translation>%1 は 1 以上にしてください（%2 ではありません）</translation>
    </message>
    <message>
        <source>dream frequency must be one of %1, not %2</source>
        <translation>ドリームの頻度は %1 のいずれかです（%2 ではありません）</translation>
    </message>
    <message>
        <source>dream time must be HH:MM in 24-hour UTC (e.g. 02:00), not %1</source>
        <translation>ドリームの時刻は 24 時間制 UTC の HH:MM（例：02:00）です（%1 ではありません）</translation>
    </message>
    <message>
        <source>dream weekday must be 0 (Sunday) to 6 (Saturday), not %1</source>
        <translation>ドリームの曜日は 0（日曜）〜6（土曜）です（%1 ではありません）</translation>
    </message>
    <message>
        <source>%1 expects on/off, got %2</source>
        <translation>%1 には on/off を指定してください（%2 が指定されました）</translation>
    </message>
    <message>
        <source>%1 must be between %2 and %3, got %4</source>
        <translation>%1 は %2〜%3 にしてください（%4 が指定されました）</translation>
    </message>
    <message>
        <source>%1 expects one of %2, got %3</source>
        <translation>%1 には %2 のいずれかを指定してください（%3 が指定されました）</translation>
    </message>
    <message>
        <source>%1 expects PROVIDER/MODEL, got %2</source>
        <translation>%1 には PROVIDER/MODEL（プロバイダー/モデル）を指定してください（%2 が指定されました）</translation>
    </message>
    <message>
        <source>%1 expects PROVIDER/MODEL, e.g. OpenAI/gpt-5-mini (got %2)</source>
        <translation>%1 には PROVIDER/MODEL（例：OpenAI/gpt-5-mini）を指定してください（%2 が指定されました）</translation>
    </message>
    <message>
        <source>%1 expects a language name, got %2</source>
        <translation>%1 には言語名を指定してください（%2 が指定されました）</translation>
    </message>
    <message>
        <source>%1 expects a language name of at most %2 letters, e.g. Japanese (got %3)</source>
        <translation>%1 には %2 文字以内の言語名（例：Japanese）を指定してください（%3 が指定されました）</translation>
    </message>
    <message>
        <source>Largest reply</source>
        <translation>返信の最大サイズ</translation>
    </message>
    <message>
        <source>unknown setting %1; known: %2</source>
        <translation>不明な設定 %1 です。既知の設定：%2</translation>
    </message>
    <message>
        <source>an avatar is one emoji or up to %1 letters, not %2 characters</source>
        <translation>アバターは絵文字 1 つか %1 文字までの英数字です（%2 文字ではありません）</translation>
    </message>
    <message>
        <source>an avatar is one emoji or up to %1 letters</source>
        <translation>アバターは絵文字 1 つか %1 文字までの英数字です</translation>
    </message>
    <message>
        <source>an avatar is one emoji or up to 2 letters; spaces, punctuation and control characters cannot be shown</source>
        <translation>アバターは絵文字 1 つか 2 文字までの英数字です。空白、句読点、制御文字は表示できません</translation>
    </message>
    <message>
        <source>an avatar is one emoji, not several</source>
        <translation>アバターは絵文字 1 つだけです。複数は使えません</translation>
    </message>
    <message>
        <source>the OS keyring</source>
        <translation>OS のキーリング</translation>
    </message>
    <message>
        <source>the key file %1</source>
        <translation>キーファイル %1</translation>
    </message>
    <message>
        <source>Create an assistant first: imported conversations become its topics (Assistant → New…).</source>
        <translation>先にアシスタントを作成してください：インポートした会話はそのトピックになります（アシスタント → 新規…）。</translation>
    </message>
    <message>
        <source>card #%1 [%2] changed in the meantime; nothing was changed</source>
        <translation>カード #%1 [%2] はその間に変更されました。何も変更していません</translation>
    </message>
    <message>
        <source>This message alone is longer than the model&apos;s context window (%1 tokens &gt; %2)</source>
        <translation>このメッセージだけでモデルのコンテキストウィンドウを超えています（%1 トークン &gt; %2）</translation>
    </message>
    <message>
        <source>This message alone is longer than the model&apos;s input budget (%1 tokens &gt; %2, the context window less the reply reserve)</source>
        <translation>このメッセージだけでモデルの入力予算を超えています（%1 トークン &gt; %2、コンテキストウィンドウから返信の予備を引いた値）</translation>
    </message>
    <message>
        <source>the chat model cannot be used: %1</source>
        <translation>チャットモデルを使えません：%1</translation>
    </message>
    <message>
        <source>the chat model stopped at its token limit before completing one sentence of the summary</source>
        <translation>チャットモデルは要約の 1 文を書き終える前にトークンの上限で止まりました</translation>
    </message>
    <message>
        <source>the chat model returned an empty summary</source>
        <translation>チャットモデルが空の要約を返しました</translation>
    </message>
    <message>
        <source>the chat model did not answer within %1 s</source>
        <translation>チャットモデルが %1 秒以内に応答しませんでした</translation>
    </message>
    <message>
        <source>the chat model rejected the batch as too long for its context window: %1</source>
        <translation>チャットモデルはこのバッチをコンテキストウィンドウに対して長すぎるとして拒否しました：%1</translation>
    </message>
    <message>
        <source>the chat model failed: %1</source>
        <translation>チャットモデルが失敗しました：%1</translation>
    </message>
    <message>
        <source>the chat model request failed: %1</source>
        <translation>チャットモデルへのリクエストが失敗しました：%1</translation>
    </message>
    <message>
        <source>the chat model answered with a tool call instead of text</source>
        <translation>チャットモデルがテキストではなくツール呼び出しで応答しました</translation>
    </message>
    <message>
        <source>the chat model answered with reasoning only, no text</source>
        <translation>チャットモデルは推論だけで、テキストを返しませんでした</translation>
    </message>
    <message>
        <source>The threshold compaction buffer (%1 tokens) is not smaller than the model&apos;s context window (%2), which leaves no room for a request: lower compact-buffer-tokens (Settings → System Agent) or COMPACT_BUFFER_TOKENS.</source>
        <translation>しきい値による圧縮のバッファー（%1 トークン）がモデルのコンテキストウィンドウ（%2）より小さくないため、リクエストの余地がありません。compact-buffer-tokens（設定 → システムエージェント）または COMPACT_BUFFER_TOKENS を下げてください。</translation>
    </message>
    <message>
        <source>the model stopped at its token limit before completing one sentence</source>
        <translation>モデルは 1 文を書き終える前にトークンの上限で止まりました</translation>
    </message>
    <message>
        <source>the model returned an empty summary</source>
        <translation>モデルが空の要約を返しました</translation>
    </message>
    <message>
        <source>threshold compaction failed: %1</source>
        <translation>しきい値による圧縮に失敗しました：%1</translation>
    </message>
    <message>
        <source>summarized %1 older messages with the chat model</source>
        <translation>チャットモデルで古いメッセージ %1 件を要約しました</translation>
    </message>
    <message>
        <source>your system keyring (%1)</source>
        <translation>システムのキーリング（%1）</translation>
    </message>
    <message>
        <source>your system keyring</source>
        <translation>システムのキーリング</translation>
    </message>
    <message>
        <source>In %1, in a file only you can read, or in environment variables you name.</source>
        <translation>%1、あなただけが読めるファイル、またはあなたが指定する環境変数に保存されます。</translation>
    </message>
    <message>
        <source>In a file only you can read, or in environment variables you name: %1.</source>
        <translation>あなただけが読めるファイル、またはあなたが指定する環境変数に保存されます：%1。</translation>
    </message>
    <message>
        <source>Your system keyring (%1)</source>
        <translation>システムのキーリング（%1）</translation>
    </message>
    <message>
        <source>Your system keyring</source>
        <translation>システムのキーリング</translation>
    </message>
    <message>
        <source>file %1 (only you can read it; not encrypted)</source>
        <translation>ファイル %1（あなただけが読めます。暗号化はされません）</translation>
    </message>
    <message>
        <source>key file</source>
        <translation>キーファイル</translation>
    </message>
    <message>
        <source>environment variable %1</source>
        <translation>環境変数 %1</translation>
    </message>
    <message>
        <source>no key</source>
        <translation>キーなし</translation>
    </message>
    <message>
        <source>only the topic&apos;s newest reply can be continued, and only when it stopped at the length limit and has not changed since</source>
        <translation>続きを生成できるのはトピックの最新の返信だけで、長さの上限で止まり、その後変更されていない場合に限ります</translation>
    </message>
    <message>
        <source>this reply is covered by the topic summary, so it can&apos;t be continued; regenerate it instead</source>
        <translation>この返信はトピックの要約に含まれているため、続きを生成できません。代わりに再生成してください</translation>
    </message>
    <message>
        <source>who wrote each entry (you, the assistant or a dream): unchanged for %1</source>
        <translation>各項目を書いたのは誰か（あなた、アシスタント、ドリーム）：%1 は変わりません</translation>
    </message>
    <message>
        <source>who wrote each entry: unchanged for the entries there; an added entry counts as written by you</source>
        <translation>各項目を書いたのは誰か：既存の項目は変わりません。追加した項目はあなたが書いたものになります</translation>
    </message>
    <message>
        <source>who wrote each entry: unchanged for the entries there; an added entry keeps what the file says</source>
        <translation>各項目を書いたのは誰か：既存の項目は変わりません。追加した項目はファイルの記録どおりです</translation>
    </message>
    <message>
        <source>who wrote each entry (you, the assistant or a dream): unchanged for %1, changed or removed for %2, first recorded for %3</source>
        <translation>各項目を書いたのは誰か（あなた、アシスタント、ドリーム）：%1 は変わらず、%2 は変更または削除、%3 は初めて記録</translation>
    </message>
    <message>
        <source>fixed memory: %1 now, none removed; the file&apos;s entries: %2 new, %3 already in memory, %4 nearly repeating an entry or covered by one</source>
        <translation>固定メモリ：現在 %1、何も削除しません。ファイルの項目：新規 %2 件、メモリにすでにある %3 件、既存の項目とほぼ重複またはすでに含まれる %4 件</translation>
    </message>
    <message>
        <source>fixed memory #%1</source>
        <translation>固定メモリ #%1</translation>
    </message>
    <message>
        <source>card #%1</source>
        <translation>ドリームカード #%1</translation>
    </message>
    <message>
        <source>“%1” above</source>
        <translation>上の「%1」</translation>
    </message>
    <message>
        <source>fixed memory #%1 “%2”</source>
        <translation>固定メモリ #%1「%2」</translation>
    </message>
    <message>
        <source>card #%1 “%2”</source>
        <translation>ドリームカード #%1「%2」</translation>
    </message>
    <message>
        <source> (paused)</source>
        <translation>（一時停止中）</translation>
    </message>
    <message>
        <source>cannot check %1: the process that reads it stopped (%2); nothing was changed</source>
        <translation>%1 を確認できません：読み込むプロセスが停止しました（%2）。何も変更していません</translation>
    </message>
</context>
<context>
    <name>SettingsPage</name>
    <message>
        <source>Providers</source>
        <translation>プロバイダー</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>モデル</translation>
    </message>
    <message>
        <source>System Agent</source>
        <translation>システムエージェント</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>ツール</translation>
    </message>
    <message>
        <source>Storage</source>
        <translation>ストレージ</translation>
    </message>
    <message>
        <source>Appearance</source>
        <translation>外観</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>設定</translation>
    </message>
    <message>
        <source>Settings sections</source>
        <translation>設定のセクション</translation>
    </message>
    <message>
        <source>Settings → %1</source>
        <translation>設定 → %1</translation>
    </message>
    <message>
        <source>Look</source>
        <translation>見た目</translation>
    </message>
    <message>
        <source>Language and typing</source>
        <translation>言語と入力</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>テーマ</translation>
    </message>
    <message>
        <source>Light or dark; System follows your computer&apos;s setting.</source>
        <translation>ライトかダーク。「システム」はコンピューターの設定に従います。</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>ライト</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>ダーク</translation>
    </message>
    <message>
        <source>System</source>
        <translation>システム</translation>
    </message>
    <message>
        <source>The conversation and the message box; Ctrl+minus and Ctrl+plus change it too.</source>
        <translation>会話とメッセージ欄の文字。Ctrl+マイナスと Ctrl+プラスでも変えられます。</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>言語</translation>
    </message>
    <message>
        <source>The language of menus and pages; what the model reads stays as it is.</source>
        <translation>メニューとページの言語。モデルが読む内容は変わりません。</translation>
    </message>
    <message>
        <source>Send key</source>
        <translation>送信キー</translation>
    </message>
    <message>
        <source>The key that sends a message; the other one starts a new line.</source>
        <translation>メッセージを送るキー。もう一方は改行になります。</translation>
    </message>
    <message>
        <source>Enter</source>
        <translation>Enter</translation>
    </message>
    <message>
        <source>Ctrl+Enter</source>
        <translation>Ctrl+Enter</translation>
    </message>
    <message>
        <source>Text size</source>
        <translation>文字サイズ</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>ウィンドウ</translation>
    </message>
</context>
<context>
    <name>SetupWizard</name>
    <message>
        <source>Welcome</source>
        <translation>ようこそ</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>プロバイダー</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>アシスタント</translation>
    </message>
    <message>
        <source>Summaries</source>
        <translation>要約</translation>
    </message>
    <message>
        <source>History</source>
        <translation>履歴</translation>
    </message>
    <message>
        <source>Step %1 of %2: %3</source>
        <translation>ステップ %1/%2：%3</translation>
    </message>
    <message>
        <source>&lt;p&gt;ChatHub Desktop talks to language models with &lt;b&gt;your own API keys&lt;/b&gt;. Your conversations and what your assistants remember stay in a database on this computer; keys stay in the system keyring, in a file only you can read, or in environment variables.&lt;/p&gt;</source>
        <translation>&lt;p&gt;ChatHub Desktop は&lt;b&gt;あなた自身の API キー&lt;/b&gt;で言語モデルと対話します。会話とアシスタントが覚えている内容はこのコンピューター上のデータベースに保存され、キーはシステムのキーリング、あなただけが読めるファイル、または環境変数に保存されます。&lt;/p&gt;</translation>
    </message>
    <message numerus="yes">
        <source>&lt;p&gt;After this page, %n short step(s): a provider, an assistant, the model that writes summaries, and, if you like, your ChatGPT history. Skip any of them; &lt;b&gt;⋯ → Help → Setup…&lt;/b&gt; (bottom left) brings this back.&lt;/p&gt;</source>
        <translation><numerusform>&lt;p&gt;このページのあと、短い %n つのステップ：プロバイダー、アシスタント、要約を書くモデル、そして必要なら ChatGPT の履歴です。どれも省略できます。&lt;b&gt;⋯ → ヘルプ → セットアップ…&lt;/b&gt;（左下）でいつでもここに戻れます。&lt;/p&gt;</numerusform></translation>
    </message>
    <message>
        <source>An assistant named “%1” already exists — choose another name.</source>
        <translation>「%1」という名前のアシスタントはすでにあります。別の名前を付けてください。</translation>
    </message>
    <message>
        <source>where your models run, with your key</source>
        <translation>モデルを動かす場所とあなたのキー</translation>
    </message>
    <message>
        <source>a name, a model and instructions</source>
        <translation>名前、モデル、指示</translation>
    </message>
    <message>
        <source>the model that condenses long topics</source>
        <translation>長いトピックを要約するモデル</translation>
    </message>
    <message>
        <source>your ChatGPT chats and a memory file, if you like</source>
        <translation>ChatGPT のチャットとメモリファイル（任意）</translation>
    </message>
    <message>
        <source>No provider yet. Pick one below; its form opens filled in.</source>
        <translation>プロバイダーはまだありません。下から選ぶと、入力済みのフォームが開きます。</translation>
    </message>
    <message>
        <source>Provider presets</source>
        <translation>プロバイダーのプリセット</translation>
    </message>
    <message>
        <source>Fills in the kind and base URL; change anything in the form</source>
        <translation>種類とベース URL を入力します。フォームで自由に変更できます</translation>
    </message>
    <message>
        <source>A base URL you type</source>
        <translation>自分で入力するベース URL</translation>
    </message>
    <message>
        <source>Add a provider</source>
        <translation>プロバイダーを追加</translation>
    </message>
    <message>
        <source>A provider runs the models you chat with: OpenAI, Anthropic, OpenRouter, DeepSeek, or a local server such as Ollama.</source>
        <translation>プロバイダーは会話に使うモデルを動かします：OpenAI、Anthropic、OpenRouter、DeepSeek、または Ollama などのローカルサーバーです。</translation>
    </message>
    <message>
        <source>Configured providers</source>
        <translation>設定済みのプロバイダー</translation>
    </message>
    <message>
        <source>Your providers</source>
        <translation>あなたのプロバイダー</translation>
    </message>
    <message>
        <source>Presets</source>
        <translation>プリセット</translation>
    </message>
    <message>
        <source>&amp;Add provider…</source>
        <translation>プロバイダーを追加…</translation>
    </message>
    <message>
        <source>Name, kind, base URL and where the key comes from, filled from the preset</source>
        <translation>名前、種類、ベース URL、キーの取得元をプリセットから入力します</translation>
    </message>
    <message>
        <source>&amp;Test connection</source>
        <translation>接続テスト</translation>
    </message>
    <message>
        <source>Ask the selected provider for its models with its key</source>
        <translation>選んだプロバイダーにキーを使ってモデル一覧を問い合わせます</translation>
    </message>
    <message>
        <source>%1 runs on your computer and needs no key; start it before Test connection.</source>
        <translation>%1 はこのコンピューターで動くのでキーは不要です。接続テストの前に起動してください。</translation>
    </message>
    <message>
        <source>Get a key at &lt;a href=&quot;%1&quot;&gt;%1&lt;/a&gt;, then paste it in the form.</source>
        <translation>&lt;a href=&quot;%1&quot;&gt;%1&lt;/a&gt; でキーを取得し、フォームに貼り付けてください。</translation>
    </message>
    <message>
        <source>Type your provider&apos;s base URL in the form; its documentation says where keys are made.</source>
        <translation>フォームにプロバイダーのベース URL を入力してください。キーの作り方はそのドキュメントにあります。</translation>
    </message>
    <message>
        <source>✓ %1 saved without a model list; its model: %2</source>
        <translation>✓ %1 はモデル一覧なしで保存しました。モデル：%2</translation>
    </message>
    <message>
        <source>Asking %1 for its models…</source>
        <translation>%1 にモデル一覧を問い合わせています…</translation>
    </message>
    <message>
        <source>Create an assistant</source>
        <translation>アシスタントを作成</translation>
    </message>
    <message>
        <source>An assistant has a model, instructions and its own memory. You can add more later.</source>
        <translation>アシスタントにはモデル、指示、専用のメモリがあります。あとで追加することもできます。</translation>
    </message>
    <message>
        <source>The tested provider&apos;s models come first; you may type any model id</source>
        <translation>テスト済みプロバイダーのモデルが先頭に並びます。任意のモデル ID も入力できます</translation>
    </message>
    <message>
        <source>Optional, e.g. “Answer briefly; use metric units.”</source>
        <translation>任意。例：「簡潔に答えて。メートル法を使って。」</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>名前：</translation>
    </message>
    <message>
        <source>&amp;Provider:</source>
        <translation>プロバイダー：</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>モデル：</translation>
    </message>
    <message>
        <source>&amp;Instructions:</source>
        <translation>指示：</translation>
    </message>
    <message>
        <source>A smaller model is usually quicker and cheaper for summaries. The chat model works too, but when it is busy, summaries can fail.</source>
        <translation>要約には小さめのモデルのほうが速くて安価なことが多いです。チャット用のモデルも使えますが、混雑時には要約が失敗することがあります。</translation>
    </message>
    <message>
        <source>Each night this model reads the day&apos;s conversations and notes how you like to work, as a card in the assistant&apos;s memory. The Memory page changes the time or turns it off.</source>
        <translation>毎晩このモデルがその日の会話を読み、あなたの好きな進め方をアシスタントのメモリにカードとして書き留めます。時刻の変更やオフはメモリページで行えます。</translation>
    </message>
    <message>
        <source>&amp;Dream every night at %1 UTC</source>
        <translation>毎晩 %1 UTC にドリーム</translation>
    </message>
    <message>
        <source>&amp;Dream every night at %1 (%2 UTC)</source>
        <translation>毎晩 %1（%2 UTC）にドリーム</translation>
    </message>
    <message>
        <source>Choose the model that writes summaries</source>
        <translation>要約を書くモデルを選ぶ</translation>
    </message>
    <message>
        <source>The History Compress model summarizes long topics and writes memory dream cards. Settings → System Agent changes it later.</source>
        <translation>History Compress モデルは長いトピックを要約し、ドリームカードを書きます。あとで 設定 → システムエージェント で変更できます。</translation>
    </message>
    <message>
        <source>The provider&apos;s own models come first; you may type any model id</source>
        <translation>プロバイダー自身のモデルが先頭に並びます。任意のモデル ID も入力できます</translation>
    </message>
    <message>
        <source>History Compress &amp;model:</source>
        <translation>History Co&amp;mpress モデル：</translation>
    </message>
    <message>
        <source>Bring your history (optional)</source>
        <translation>履歴を取り込む（任意）</translation>
    </message>
    <message>
        <source>Your earlier chats and an assistant&apos;s memory, if you have them.</source>
        <translation>以前のチャットとアシスタントのメモリ（あれば）。</translation>
    </message>
    <message>
        <source>ChatGPT → Settings → Data controls → Export data sends you a zip. Each conversation in it becomes a topic of your assistant; nothing is uploaded anywhere.</source>
        <translation>ChatGPT → 設定 → データコントロール → データをエクスポート で zip が届きます。その中の会話はそれぞれアシスタントのトピックになり、どこにもアップロードされません。</translation>
    </message>
    <message>
        <source>&amp;Import a ChatGPT export when the setup closes</source>
        <translation>セットアップ終了後に ChatGPT のエクスポートをインポート</translation>
    </message>
    <message>
        <source>An assistant&apos;s memory exported from ChatHub (JSON or Markdown) can become this assistant&apos;s memory; you see what changes before it is written.</source>
        <translation>ChatHub から書き出したアシスタントのメモリ（JSON または Markdown）を、このアシスタントのメモリにできます。書き込む前に変更点を確認できます。</translation>
    </message>
    <message>
        <source>Import a &amp;memory file into the new assistant</source>
        <translation>新しいアシスタントにメモリファイルをインポート</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>戻る</translation>
    </message>
    <message>
        <source>Continue</source>
        <translation>続ける</translation>
    </message>
    <message>
        <source>Finish</source>
        <translation>完了</translation>
    </message>
    <message>
        <source>Skip setup</source>
        <translation>セットアップをスキップ</translation>
    </message>
    <message>
        <source>Set up ChatHub Desktop</source>
        <translation>ChatHub Desktop のセットアップ</translation>
    </message>
    <message>
        <source>Welcome to ChatHub Desktop</source>
        <translation>ChatHub Desktop へようこそ</translation>
    </message>
    <message>
        <source>Set up in about a minute.</source>
        <translation>1 分ほどでセットアップできます。</translation>
    </message>
    <message>
        <source>Close; ⋯ → Help → Setup… (bottom left) brings it back</source>
        <translation>閉じます。⋯ → ヘルプ → セットアップ…（左下）でまた開けます</translation>
    </message>
</context>
<context>
    <name>StatusLine</name>
    <message>
        <source>Show the whole message</source>
        <translation>メッセージ全体を表示</translation>
    </message>
</context>
<context>
    <name>StoragePage</name>
    <message>
        <source>SQLite — a single file on this computer</source>
        <translation>SQLite — このコンピューター上の 1 つのファイル</translation>
    </message>
    <message>
        <source>PostgreSQL — a shared database server; other computers can use the same store</source>
        <translation>PostgreSQL — 共有データベースサーバー。ほかのコンピューターも同じストアを使えます</translation>
    </message>
    <message>
        <source>default database</source>
        <translation>既定のデータベース</translation>
    </message>
    <message>
        <source>“%1” on %2</source>
        <translation>%2 の「%1」</translation>
    </message>
    <message>
        <source>Your topics, assistants and memory are kept in this store.</source>
        <translation>トピック、アシスタント、メモリはこのストアに保存されます。</translation>
    </message>
    <message>
        <source>Show in folder</source>
        <translation>フォルダーで表示</translation>
    </message>
    <message>
        <source>Open the folder that holds the store in the file manager</source>
        <translation>ストアのあるフォルダーをファイルマネージャーで開きます</translation>
    </message>
    <message>
        <source>Location</source>
        <translation>場所</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>サイズ</translation>
    </message>
    <message>
        <source>The store&apos;s files on disk, with their journal.</source>
        <translation>ディスク上のストアのファイル（ジャーナルを含む）。</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>エンジン</translation>
    </message>
    <message>
        <source>Changes made elsewhere — the command line, cron, another window — show here within about a second.</source>
        <translation>ほかの場所での変更（コマンドライン、cron、別のウィンドウ）は 1 秒ほどでここに表示されます。</translation>
    </message>
    <message>
        <source>Changes made elsewhere — the command line, cron, another window, another computer — show here within about a second.</source>
        <translation>ほかの場所での変更（コマンドライン、cron、別のウィンドウ、別のコンピューター）は 1 秒ほどでここに表示されます。</translation>
    </message>
    <message>
        <source>Advanced: the database URL and moving the store</source>
        <translation>詳細：データベース URL とストアの移動</translation>
    </message>
    <message>
        <source>Database URL</source>
        <translation>データベース URL</translation>
    </message>
    <message>
        <source>Move to another store</source>
        <translation>別のストアへ移動</translation>
    </message>
    <message>
        <source>1. Quit ChatHub (and stop &lt;code&gt;dream serve&lt;/code&gt;, if you run it).&lt;br&gt;2. Copy everything into a new, empty database (it refuses one that holds data, checks every row count and memory checksum, and writes nothing if anything fails):</source>
        <translation>1. ChatHub を終了します（&lt;code&gt;dream serve&lt;/code&gt; を動かしていればそれも止めます）。&lt;br&gt;2. すべてを新しい空のデータベースにコピーします（データのあるものは拒否し、すべての行数とメモリのチェックサムを確かめ、失敗があれば何も書き込みません）：</translation>
    </message>
    <message>
        <source>(*** stands for the password, which is never shown here.)</source>
        <translation>（*** はパスワードを表し、ここには表示されません。）</translation>
    </message>
    <message>
        <source>3. Start ChatHub with &lt;code&gt;--database-url NEW_URL&lt;/code&gt;, or set &lt;code&gt;CHATHUB_DATABASE_URL=NEW_URL&lt;/code&gt; for the app, the commands and the dream service.</source>
        <translation>3. &lt;code&gt;--database-url NEW_URL&lt;/code&gt; を付けて ChatHub を起動するか、アプリ、コマンド、ドリームサービスに &lt;code&gt;CHATHUB_DATABASE_URL=NEW_URL&lt;/code&gt; を設定します。</translation>
    </message>
    <message>
        <source>Copy command</source>
        <translation>コマンドをコピー</translation>
    </message>
    <message>
        <source>Copy the db copy command; replace the target URL with yours</source>
        <translation>db copy コマンドをコピーします。コピー先の URL は自分のものに置き換えてください</translation>
    </message>
</context>
<context>
    <name>SummarizerChoice</name>
    <message>
        <source>Choose History Compress model…</source>
        <translation>History Compress モデルを選ぶ…</translation>
    </message>
    <message>
        <source>No History Compress model is chosen, so nothing can be summarized. Choose one in Settings → System Agent.</source>
        <translation>History Compress モデルが選ばれていないため、要約できません。設定 → システムエージェント で選んでください。</translation>
    </message>
    <message>
        <source>None of your providers serves the History Compress model (the model that writes summaries): “%1”. Choose one in Settings → System Agent.</source>
        <translation>History Compress モデル（要約を書くモデル）を提供するプロバイダーがありません：「%1」。設定 → システムエージェント で選んでください。</translation>
    </message>
    <message>
        <source>None of your providers serves the History Compress model (the model that writes summaries). Choose one in Settings → System Agent.</source>
        <translation>History Compress モデル（要約を書くモデル）を提供するプロバイダーがありません。設定 → システムエージェント で選んでください。</translation>
    </message>
    <message>
        <source>Can&apos;t summarize: no provider serves “%1”</source>
        <translation>要約できません：「%1」を提供するプロバイダーがありません</translation>
    </message>
    <message>
        <source>Can&apos;t summarize: no History Compress model</source>
        <translation>要約できません：History Compress モデルがありません</translation>
    </message>
    <message>
        <source>Open Settings → System Agent to pick the model that writes summaries</source>
        <translation>設定 → システムエージェント を開き、要約を書くモデルを選ぶ</translation>
    </message>
</context>
<context>
    <name>SummaryDialog</name>
    <message>
        <source>Compact now</source>
        <translation>今すぐ圧縮</translation>
    </message>
    <message>
        <source>Token auto-compact</source>
        <translation>トークンによる自動圧縮</translation>
    </message>
    <message>
        <source>History limit</source>
        <translation>履歴の上限</translation>
    </message>
    <message>
        <source>Overflow rescue</source>
        <translation>オーバーフロー救済</translation>
    </message>
    <message>
        <source>compacted</source>
        <translation>圧縮しました</translation>
    </message>
    <message>
        <source>nothing eligible</source>
        <translation>対象なし</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <source>could not reach the target</source>
        <translation>目標に届きませんでした</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>時刻</translation>
    </message>
    <message>
        <source>Trigger</source>
        <translation>きっかけ</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>結果</translation>
    </message>
    <message>
        <source>High / low</source>
        <translation>高 / 低</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>前</translation>
    </message>
    <message>
        <source>After</source>
        <translation>後</translation>
    </message>
    <message>
        <source>Through #</source>
        <translation># まで</translation>
    </message>
    <message>
        <source>Batches</source>
        <translation>バッチ</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>モデル</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>詳細</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;No summary yet.&lt;/b&gt;&lt;/p&gt;&lt;p&gt;This topic has no rolling summary: nothing has been compacted, or an edit to a covered message cleared it. &lt;b&gt;Compact now&lt;/b&gt; (Ctrl+Shift+K) summarizes the completed turns before your latest message with the History Compress model; every original message stays in the topic.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;まだ要約はありません。&lt;/b&gt;&lt;/p&gt;&lt;p&gt;このトピックには累積要約がありません。まだ何も圧縮されていないか、対象のメッセージの編集で消えました。&lt;b&gt;今すぐ圧縮&lt;/b&gt;（Ctrl+Shift+K）は、最新のメッセージより前の完了したターンを History Compress モデルで要約します。元のメッセージはすべてトピックに残ります。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Copied to the clipboard.</source>
        <translation>クリップボードにコピーしました。</translation>
    </message>
    <message>
        <source>There is no summary to export.</source>
        <translation>エクスポートする要約がありません。</translation>
    </message>
    <message>
        <source>Export failed: %1</source>
        <translation>エクスポートに失敗しました：%1</translation>
    </message>
    <message>
        <source>Exported to %1</source>
        <translation>%1 にエクスポートしました</translation>
    </message>
    <message>
        <source>unknown time</source>
        <translation>不明な時刻</translation>
    </message>
    <message>
        <source> · %1 runs this turn, the first at %2</source>
        <translation> · このターンで %1 回実行、最初は %2</translation>
    </message>
    <message>
        <source>Topic summary — %1</source>
        <translation>トピックの要約 — %1</translation>
    </message>
    <message>
        <source>Topic summary</source>
        <translation>トピックの要約</translation>
    </message>
    <message>
        <source>&amp;Summary</source>
        <translation>要約</translation>
    </message>
    <message>
        <source>What the model keeps of this topic&apos;s older messages; it is sent in their place</source>
        <translation>このトピックの古いメッセージについてモデルが残した内容。それらの代わりに送信されます</translation>
    </message>
    <message>
        <source>An excerpt of each summary as it was written, newest first</source>
        <translation>各要約が書かれた時点の抜粋（新しい順）</translation>
    </message>
    <message>
        <source>&amp;Quality check</source>
        <translation>品質チェック</translation>
    </message>
    <message>
        <source>Ask the model questions about the covered messages and see which ones the summary can no longer answer</source>
        <translation>対象のメッセージについてモデルに質問し、要約ではもう答えられないものを確かめます</translation>
    </message>
    <message>
        <source>One row per compaction run, newest first (the last 20 are kept); estimates are next-request tokens. Hover a row for its full details.</source>
        <translation>圧縮の実行ごとに 1 行、新しい順（直近 20 件を保持）。見積もりは次のリクエストのトークン数です。行にポインターを合わせると詳細が表示されます。</translation>
    </message>
    <message>
        <source>Each compaction run: when and why it ran, what it did and the tokens before and after</source>
        <translation>圧縮の各実行：いつ・なぜ実行したか、何をしたか、前後のトークン数</translation>
    </message>
    <message>
        <source>The last summary was cleared because a message it covered was edited or deleted; the next compaction rebuilds it. How it was made keeps the earlier runs.</source>
        <translation>対象のメッセージが編集または削除されたため、前回の要約は消去されました。次の圧縮で作り直されます。以前の実行は「作成の経緯」タブに残っています。</translation>
    </message>
    <message>
        <source>No summary for this topic. Last run: %1 (see How it was made).</source>
        <translation>このトピックには要約がありません。前回の実行：%1（「作成の経緯」を参照）。</translation>
    </message>
    <message>
        <source>How it was &amp;made (%1)</source>
        <translation>作成の経緯（%1）</translation>
    </message>
    <message>
        <source>Summary &amp;history (%1)</source>
        <translation>要約の履歴（%1）</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>コピー</translation>
    </message>
    <message>
        <source>Copy the summary text to the clipboard</source>
        <translation>要約のテキストをクリップボードにコピー</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>エクスポート…</translation>
    </message>
    <message>
        <source>Save the summary as a Markdown file (with its model and coverage)</source>
        <translation>要約を Markdown ファイルとして保存（モデルと対象範囲を含む）</translation>
    </message>
    <message>
        <source>No summary for this topic, and no compaction has run yet.</source>
        <translation>このトピックには要約がなく、まだ圧縮も実行されていません。</translation>
    </message>
    <message>
        <source>an unknown model</source>
        <translation>不明なモデル</translation>
    </message>
    <message>
        <source>Written by %1</source>
        <translation>%1 が作成</translation>
    </message>
    <message>
        <source>, &lt;b&gt;edited by you&lt;/b&gt; (compactions merge into it)</source>
        <translation>、&lt;b&gt;あなたが編集&lt;/b&gt;（圧縮はこれに統合されます）</translation>
    </message>
    <message>
        <source>updated %1</source>
        <translation>更新 %1</translation>
    </message>
    <message>
        <source>covers messages up to %1</source>
        <translation>メッセージ %1 までを含む</translation>
    </message>
    <message>
        <source>you</source>
        <translation>あなた</translation>
    </message>
    <message>
        <source> (reason: %1)</source>
        <translation>（理由：%1）</translation>
    </message>
    <message>
        <source>
Input budget: %1 tokens</source>
        <translation>
入力の予算：%1 トークン</translation>
    </message>
    <message>
        <source>Automatic compaction is paused after %1 failures until %2; Compact now still works.</source>
        <translation>%1 回の失敗のため、自動圧縮は %2 まで停止しています。今すぐ圧縮は使えます。</translation>
    </message>
    <message>
        <source>No archive excerpts (Settings → System Agent turns them on).</source>
        <translation>アーカイブの抜粋はありません（設定 → システムエージェント で有効にできます）。</translation>
    </message>
    <message>
        <source>Export topic summary</source>
        <translation>トピックの要約をエクスポート</translation>
    </message>
    <message>
        <source>E&amp;dit</source>
        <translation>編集</translation>
    </message>
    <message>
        <source>Write the summary yourself: it is marked as edited and later compactions add to it instead of rewriting it</source>
        <translation>要約を自分で書きます。編集済みとして印が付き、以後の圧縮は書き直さずに追記します</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Saved: later compactions merge new turns into your summary</source>
        <translation>保存しました。以後の圧縮は新しいターンをあなたの要約に統合します</translation>
    </message>
</context>
<context>
    <name>SystemAgentPage</name>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Topic naming&lt;/b&gt;: the model that writes a short title for a new topic from its first message, after its first reply. &lt;b&gt;The chat&apos;s own model&lt;/b&gt; (the default) lets the topic&apos;s model write it, as ChatGPT and Claude do. The first words of the message stay the title when the model fails, and always with &lt;code&gt;chathub-desktop settings set topic-naming off&lt;/code&gt;.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;トピック命名&lt;/b&gt;：新しいトピックの最初の返信の後、最初のメッセージから短いタイトルを書くモデル。&lt;b&gt;チャット自身のモデル&lt;/b&gt;（既定）では、ChatGPT や Claude と同じくトピックのモデルが書きます。モデルが失敗したとき、また &lt;code&gt;chathub-desktop settings set topic-naming off&lt;/code&gt; のときは、メッセージの冒頭がタイトルのままです。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Threshold compaction&lt;/b&gt; is a second, simpler policy (as in Numi Chat). When on, it replaces the watermark triggers of Chat Preference: before each send it estimates the request (about one token per three characters, 4,096 per image) and, when that is above the model&apos;s context window minus the &lt;b&gt;buffer&lt;/b&gt;, asks the &lt;i&gt;chat model itself&lt;/i&gt; to summarize the older complete turns. The request then carries the summary, a short acknowledgement and the most recent turns (at least &lt;b&gt;keep recent&lt;/b&gt; messages, moved back to a user message so turns stay whole). After &lt;b&gt;max failures&lt;/b&gt; failed summaries it pauses for five minutes. The COMPACT_ENABLED, COMPACT_BUFFER_TOKENS, COMPACT_KEEP_RECENT, COMPACT_MAX_FAILURES and DISABLE_AUTO_COMPACT environment variables override these fields. Messages are never deleted.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;しきい値圧縮&lt;/b&gt;は、2 つ目のより単純な方式です（Numi Chat と同じ）。オンにすると、チャット設定のウォーターマークによるトリガーの代わりになります。送信のたびにリクエストを見積もり（約 3 文字で 1 トークン、画像 1 枚で 4,096）、モデルのコンテキストウィンドウから&lt;b&gt;バッファ&lt;/b&gt;を引いた値を超えると、&lt;i&gt;チャットモデル自身&lt;/i&gt;に古い完結したターンを要約させます。その後のリクエストには、要約、短い確認、最新のターン（少なくとも&lt;b&gt;最近の保持数&lt;/b&gt;のメッセージ。ターンが途切れないようユーザーメッセージまでさかのぼります）が入ります。&lt;b&gt;最大失敗回数&lt;/b&gt;だけ要約に失敗すると 5 分間休止します。環境変数 COMPACT_ENABLED、COMPACT_BUFFER_TOKENS、COMPACT_KEEP_RECENT、COMPACT_MAX_FAILURES、DISABLE_AUTO_COMPACT はこれらの項目より優先されます。メッセージが削除されることはありません。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;When on, short excerpts of earlier summary snapshots are kept and sent under the topic summary, so details a later merge dropped are not lost entirely. Identical snapshots are stored once; an excerpt whose time cannot be read is kept marked “unknown time”. They count towards the token estimate.&lt;/p&gt;</source>
        <translation>&lt;p&gt;オンにすると、以前の要約スナップショットの短い抜粋を残し、トピックの要約の下に付けて送ります。後の統合で落ちた細部が完全には失われません。同じスナップショットは 1 回だけ保存され、時刻を読めない抜粋は「時刻不明」として残ります。これらはトークンの見積もりに含まれます。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>your model card</source>
        <translation>あなたのモデルカード</translation>
    </message>
    <message>
        <source>reported by the provider</source>
        <translation>プロバイダーの報告</translation>
    </message>
    <message>
        <source>the bundled catalog</source>
        <translation>内蔵カタログ</translation>
    </message>
    <message>
        <source>no model card: the provider&apos;s fallback</source>
        <translation>モデルカードなし：プロバイダーのフォールバック</translation>
    </message>
    <message>
        <source>Not usable yet: %1. Pick a provider and model above (or add a provider on the Providers page).</source>
        <translation>まだ使えません：%1。上でプロバイダーとモデルを選んでください（または「プロバイダー」ページで追加してください）。</translation>
    </message>
    <message>
        <source>; batches sized for %1</source>
        <translation>、バッチは %1 に合わせます</translation>
    </message>
    <message>
        <source>In use: %1 · context window %2 tokens (%3%4)</source>
        <translation>使用中：%1 · コンテキストウィンドウ %2 トークン（%3%4）</translation>
    </message>
    <message>
        <source>The conversation&apos;s own</source>
        <translation>会話と同じ</translation>
    </message>
    <message>
        <source>English</source>
        <translation>英語</translation>
    </message>
    <message>
        <source>Simplified Chinese</source>
        <translation>簡体字中国語</translation>
    </message>
    <message>
        <source>Japanese</source>
        <translation>日本語</translation>
    </message>
    <message>
        <source>The models ChatHub uses for its own work, apart from the ones your assistants chat with.</source>
        <translation>アシスタントの会話用とは別に、ChatHub 自身の作業に使うモデルです。</translation>
    </message>
    <message>
        <source>First OpenAI provider</source>
        <translation>最初の OpenAI プロバイダー</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>既定</translation>
    </message>
    <message>
        <source>Use %1 on the first OpenAI provider</source>
        <translation>最初の OpenAI プロバイダーの %1 を使います</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;History Compress&lt;/b&gt; is the model that writes topic summaries (Compact now, token auto-compact, summarizing dropped history, overflow rescue) and folds memory dream cards. It is &lt;b&gt;a separate setting&lt;/b&gt; from the chat model: it may be the chat model you talk to, but a small fast model is better (a busy chat model makes summaries fail). Default: &lt;code&gt;gpt-5-mini&lt;/code&gt; on your first OpenAI provider.&lt;/p&gt;&lt;p&gt;Its context window comes from its model card (Settings → model cards, else the built-in catalog), so an 8k custom model is treated as 8k: batches stay under about half of that window. Pick a fast, capable model; thinking is switched off where the vendor allows it.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;履歴圧縮&lt;/b&gt;モデルはトピックの要約（今すぐ圧縮、トークンによる自動圧縮、切り捨てた履歴の要約、オーバーフロー時の救済）を書き、ドリームカードをまとめます。チャットモデルとは&lt;b&gt;別の設定&lt;/b&gt;です。話し相手のチャットモデルを選んでもかまいませんが、小さくて速いモデルのほうが適しています（チャットモデルが混んでいると要約が失敗します）。既定：最初の OpenAI プロバイダーの &lt;code&gt;gpt-5-mini&lt;/code&gt;。&lt;/p&gt;&lt;p&gt;コンテキストウィンドウはモデルカード（設定 → モデルカード、なければ内蔵カタログ）から取るので、8k のカスタムモデルは 8k として扱われ、バッチはそのウィンドウの約半分に収まります。速くて十分な性能のモデルを選んでください。ベンダーが許す場合は思考をオフにします。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>The summarizer: a separate setting; it may be the chat model, but a small fast model is better. Its context window comes from its model card.</source>
        <translation>要約モデル：別の設定です。チャットモデルでもかまいませんが、小さくて速いモデルのほうが適しています。コンテキストウィンドウはモデルカードから取ります。</translation>
    </message>
    <message>
        <source>The History Compress model writes topic summaries and folds dream cards. A separate setting: it may be your chat model, but a small fast model is better.</source>
        <translation>History Compress モデルはトピックの要約を書き、ドリームカードをまとめます。別の設定です。チャットモデルでもかまいませんが、小さくて速いモデルのほうが適しています。</translation>
    </message>
    <message>
        <source>Send short excerpts of earlier topic summaries under the current one</source>
        <translation>以前のトピック要約の短い抜粋を現在の要約の下に付けて送ります</translation>
    </message>
    <message>
        <source>Sends short excerpts of earlier summaries with the current one, so details a later merge dropped are not lost.</source>
        <translation>以前の要約の短い抜粋を現在の要約と一緒に送るので、後の統合で落ちた細部が失われません。</translation>
    </message>
    <message>
        <source>The language the History Compress model writes summaries and dream cards in. The interface language never changes what a model reads; only this does.</source>
        <translation>History Compress モデルが要約とドリームカードを書く言語です。インターフェースの言語はモデルが読む内容を変えません。変えるのはこの設定だけです。</translation>
    </message>
    <message>
        <source>The chat&apos;s own model</source>
        <translation>チャット自身のモデル</translation>
    </message>
    <message>
        <source>Writes a short title for each new topic after its first reply; until then it shows the first words.</source>
        <translation>新しいトピックごとに最初の返信の後で短いタイトルを書きます。それまでは冒頭の言葉を表示します。</translation>
    </message>
    <message>
        <source>Off by default. When on, the chat model summarizes older turns once a request passes the context window minus the buffer</source>
        <translation>既定ではオフ。オンにすると、リクエストがコンテキストウィンドウからバッファを引いた値を超えたとき、チャットモデルが古いターンを要約します</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> トークン</translation>
    </message>
    <message>
        <source>Room kept below the context window for the reply and estimation error (default %1). Smaller: compacts later; larger: earlier</source>
        <translation>返信と見積もり誤差のためにコンテキストウィンドウの下に残す余裕（既定 %1）。小さいほど圧縮が遅く、大きいほど早くなります</translation>
    </message>
    <message>
        <source> messages</source>
        <translation> 件のメッセージ</translation>
    </message>
    <message>
        <source>Recent messages kept word for word (default %1; whole turns, so maybe more)</source>
        <translation>そのまま残す最近のメッセージ数（既定 %1。ターン単位なので多くなることもあります）</translation>
    </message>
    <message>
        <source>Failed summaries before a five-minute pause (default %1)</source>
        <translation>5 分間休止するまでの要約の失敗回数（既定 %1）</translation>
    </message>
    <message>
        <source>When on, the chat model itself summarizes older turns once a request nears its context window, instead of the watermarks.</source>
        <translation>オンにすると、ウォーターマークの代わりに、リクエストがコンテキストウィンドウに近づいたときチャットモデル自身が古いターンを要約します。</translation>
    </message>
    <message>
        <source>System Agent settings</source>
        <translation>システムエージェントの設定</translation>
    </message>
    <message>
        <source>Summaries</source>
        <translation>要約</translation>
    </message>
    <message>
        <source>History Compress &amp;model</source>
        <translation>History Compress モデル</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>言語</translation>
    </message>
    <message>
        <source>The language summaries and dream cards are written in.</source>
        <translation>要約とドリームカードを書く言語。</translation>
    </message>
    <message>
        <source>&amp;Keep archive excerpts</source>
        <translation>アーカイブの抜粋を残す</translation>
    </message>
    <message>
        <source>Topic titles</source>
        <translation>トピックのタイトル</translation>
    </message>
    <message>
        <source>Title m&amp;odel</source>
        <translation>タイトルのモデル</translation>
    </message>
    <message>
        <source>Compaction by the chat model</source>
        <translation>チャットモデルによる圧縮</translation>
    </message>
    <message>
        <source>Use &amp;threshold compaction</source>
        <translation>しきい値圧縮を使う</translation>
    </message>
    <message>
        <source>Advanced: when and how much to compact</source>
        <translation>詳細：いつ、どれだけ圧縮するか</translation>
    </message>
    <message>
        <source>&amp;Buffer</source>
        <translation>バッファ</translation>
    </message>
    <message>
        <source>Compaction starts when a request comes within this many tokens of the context window, leaving room for the reply (default %1).</source>
        <translation>リクエストがコンテキストウィンドウまでこのトークン数以内に近づくと圧縮が始まり、返信の余地を残します（既定 %1）。</translation>
    </message>
    <message>
        <source>&amp;Keep recent</source>
        <translation>最近の保持数</translation>
    </message>
    <message>
        <source>The newest messages are sent word for word; older ones are summarized (default %1).</source>
        <translation>最新のメッセージはそのまま送り、それより古いものは要約します（既定 %1）。</translation>
    </message>
    <message>
        <source> failures</source>
        <translation> 回</translation>
    </message>
    <message>
        <source>Max &amp;failures</source>
        <translation>最大失敗回数</translation>
    </message>
    <message>
        <source>After this many failed summaries in a row, compaction pauses for five minutes (default %1).</source>
        <translation>要約がこの回数続けて失敗すると、圧縮を 5 分間休止します（既定 %1）。</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Store these System Agent settings</source>
        <translation>これらのシステムエージェント設定を保存します</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Forget the changes: show the stored settings again</source>
        <translation>変更を破棄し、保存済みの設定を表示し直します</translation>
    </message>
    <message>
        <source>Checking the History Compress model…</source>
        <translation>History Compress モデルを確認しています…</translation>
    </message>
    <message>
        <source>History Compress: enter a model id (e.g. gpt-5-mini).</source>
        <translation>履歴圧縮：モデル ID を入力してください（例：gpt-5-mini）。</translation>
    </message>
    <message>
        <source>Topic naming: enter a model id, or choose Off.</source>
        <translation>トピック命名：モデル ID を入力するか、オフを選んでください。</translation>
    </message>
    <message>
        <source>History Compress</source>
        <translation>履歴圧縮</translation>
    </message>
    <message>
        <source>Topic naming</source>
        <translation>トピック命名</translation>
    </message>
    <message>
        <source>Archive excerpts</source>
        <translation>アーカイブ抜粋</translation>
    </message>
    <message>
        <source>Threshold compaction</source>
        <translation>しきい値圧縮</translation>
    </message>
    <message>
        <source>Buffer</source>
        <translation>バッファ</translation>
    </message>
    <message>
        <source>Keep recent</source>
        <translation>最近の保持数</translation>
    </message>
    <message>
        <source>Max failures</source>
        <translation>最大失敗回数</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>言語</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>History Compress: not usable, nothing was saved: %1. Pick a provider and model.</source>
        <translation>履歴圧縮：使えないため何も保存しませんでした：%1。プロバイダーとモデルを選んでください。</translation>
    </message>
    <message>
        <source>Saved.</source>
        <translation>保存しました。</translation>
    </message>
</context>
<context>
    <name>TaskContext</name>
    <message>
        <source>About</source>
        <translation>バージョン情報</translation>
    </message>
    <message>
        <source>Archive topic</source>
        <translation>トピックをアーカイブ</translation>
    </message>
    <message>
        <source>Assistants</source>
        <translation>アシスタント</translation>
    </message>
    <message>
        <source>Attach</source>
        <translation>添付</translation>
    </message>
    <message>
        <source>Cannot regenerate</source>
        <translation>再生成できません</translation>
    </message>
    <message>
        <source>Cannot resend</source>
        <translation>再送信できません</translation>
    </message>
    <message>
        <source>Cannot retry</source>
        <translation>再試行できません</translation>
    </message>
    <message>
        <source>Cannot send</source>
        <translation>送信できません</translation>
    </message>
    <message>
        <source>Compact now</source>
        <translation>今すぐ圧縮</translation>
    </message>
    <message>
        <source>Delete message</source>
        <translation>メッセージを削除</translation>
    </message>
    <message>
        <source>Delete provider</source>
        <translation>プロバイダーを削除</translation>
    </message>
    <message>
        <source>Delete topic</source>
        <translation>トピックを削除</translation>
    </message>
    <message>
        <source>Drafts</source>
        <translation>下書き</translation>
    </message>
    <message>
        <source>Dream proposals</source>
        <translation>ドリームの提案</translation>
    </message>
    <message>
        <source>Dream schedule</source>
        <translation>ドリームのスケジュール</translation>
    </message>
    <message>
        <source>Dreaming memory</source>
        <translation>ドリームメモリ</translation>
    </message>
    <message>
        <source>Edit message</source>
        <translation>メッセージを編集</translation>
    </message>
    <message>
        <source>Edit provider</source>
        <translation>プロバイダーを編集</translation>
    </message>
    <message>
        <source>Export topic summary</source>
        <translation>トピックの要約をエクスポート</translation>
    </message>
    <message>
        <source>Export topic</source>
        <translation>トピックをエクスポート</translation>
    </message>
    <message>
        <source>Import memory</source>
        <translation>メモリをインポート</translation>
    </message>
    <message>
        <source>Import topic</source>
        <translation>トピックをインポート</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>インポート</translation>
    </message>
    <message>
        <source>Inline image</source>
        <translation>インライン画像</translation>
    </message>
    <message>
        <source>Jump in topic</source>
        <translation>トピック内を移動</translation>
    </message>
    <message>
        <source>List MCP servers</source>
        <translation>MCP サーバーの一覧</translation>
    </message>
    <message>
        <source>List model cards</source>
        <translation>モデルカードの一覧</translation>
    </message>
    <message>
        <source>List providers</source>
        <translation>プロバイダーの一覧</translation>
    </message>
    <message>
        <source>Load messages</source>
        <translation>メッセージの読み込み</translation>
    </message>
    <message>
        <source>Mark as interrupted</source>
        <translation>中断済みにする</translation>
    </message>
    <message>
        <source>Memory dream</source>
        <translation>ドリーム</translation>
    </message>
    <message>
        <source>Memory history</source>
        <translation>メモリの履歴</translation>
    </message>
    <message>
        <source>Memory preview</source>
        <translation>メモリのプレビュー</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>メモリ</translation>
    </message>
    <message>
        <source>Messages</source>
        <translation>メッセージ</translation>
    </message>
    <message>
        <source>Model card</source>
        <translation>モデルカード</translation>
    </message>
    <message>
        <source>ModelsPage</source>
        <translation>モデル</translation>
    </message>
    <message>
        <source>New topic</source>
        <translation>新しいトピック</translation>
    </message>
    <message>
        <source>Notification</source>
        <translation>通知</translation>
    </message>
    <message>
        <source>Open attachment</source>
        <translation>添付ファイルを開く</translation>
    </message>
    <message>
        <source>Open memory</source>
        <translation>メモリを開く</translation>
    </message>
    <message>
        <source>Open search result</source>
        <translation>検索結果を開く</translation>
    </message>
    <message>
        <source>Open the assistant</source>
        <translation>アシスタントを開く</translation>
    </message>
    <message>
        <source>Open topic</source>
        <translation>トピックを開く</translation>
    </message>
    <message>
        <source>Pause dreams</source>
        <translation>ドリームを一時停止</translation>
    </message>
    <message>
        <source>Pin message</source>
        <translation>メッセージをピン留め</translation>
    </message>
    <message>
        <source>Pin topic</source>
        <translation>トピックをピン留め</translation>
    </message>
    <message>
        <source>Private topic</source>
        <translation>プライベートトピック</translation>
    </message>
    <message>
        <source>Provider models</source>
        <translation>プロバイダーのモデル</translation>
    </message>
    <message>
        <source>ProvidersPage</source>
        <translation>プロバイダー</translation>
    </message>
    <message>
        <source>Read the assistant&apos;s tools</source>
        <translation>アシスタントのツールを読み込む</translation>
    </message>
    <message>
        <source>Recall vectors</source>
        <translation>想起ベクトル</translation>
    </message>
    <message>
        <source>Rename topic</source>
        <translation>トピック名を変更</translation>
    </message>
    <message>
        <source>Save provider</source>
        <translation>プロバイダーを保存</translation>
    </message>
    <message>
        <source>Save the assistant</source>
        <translation>アシスタントを保存</translation>
    </message>
    <message>
        <source>Save topic summary</source>
        <translation>トピックの要約を保存</translation>
    </message>
    <message>
        <source>Search index</source>
        <translation>検索インデックス</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>検索</translation>
    </message>
    <message>
        <source>SearchPage</source>
        <translation>検索</translation>
    </message>
    <message>
        <source>Sending failed</source>
        <translation>送信に失敗しました</translation>
    </message>
    <message>
        <source>Set the model card&apos;s window</source>
        <translation>モデルカードのウィンドウを設定</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>設定</translation>
    </message>
    <message>
        <source>Setup</source>
        <translation>セットアップ</translation>
    </message>
    <message>
        <source>Storage</source>
        <translation>ストレージ</translation>
    </message>
    <message>
        <source>Summary probes</source>
        <translation>要約のプローブ</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>要約</translation>
    </message>
    <message>
        <source>Switch version</source>
        <translation>バージョンを切り替え</translation>
    </message>
    <message>
        <source>System Agent</source>
        <translation>システムエージェント</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>接続テスト</translation>
    </message>
    <message>
        <source>Thumbnail</source>
        <translation>サムネイル</translation>
    </message>
    <message>
        <source>Token estimate</source>
        <translation>トークンの見積もり</translation>
    </message>
    <message>
        <source>Tokenizers</source>
        <translation>トークナイザー</translation>
    </message>
    <message>
        <source>ToolsPage</source>
        <translation>ツール</translation>
    </message>
    <message>
        <source>Topic model</source>
        <translation>トピックのモデル</translation>
    </message>
    <message>
        <source>Topic summary</source>
        <translation>トピックの要約</translation>
    </message>
    <message>
        <source>Topics</source>
        <translation>トピック</translation>
    </message>
    <message>
        <source>Turn provider on/off</source>
        <translation>プロバイダーのオン/オフ</translation>
    </message>
    <message>
        <source>Versions</source>
        <translation>バージョン</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>終了</translation>
    </message>
    <message>
        <source>Save dream schedule</source>
        <translation>ドリームのスケジュールを保存</translation>
    </message>
    <message>
        <source>Memory switch</source>
        <translation>メモリのスイッチ</translation>
    </message>
    <message>
        <source>Topic snippets</source>
        <translation>トピックの抜粋</translation>
    </message>
    <message>
        <source>Cannot continue</source>
        <translation>続きを生成できません</translation>
    </message>
</context>
<context>
    <name>TokenBadge</name>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Estimated tokens of the next request&lt;/b&gt;: instructions, tools, memory, the topic summary, the history window and your draft, as Send will post them — anchored on the provider&apos;s own input count when this session sent the last reply — against the input budget (context window minus the reply reserve). Click for the breakdown.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;次のリクエストの推定トークン数&lt;/b&gt;：指示、ツール、メモリ、トピックの要約、履歴ウィンドウ、下書きを、送信時とまったく同じ形で数えたものです（このセッションが直前の返信を送った場合は、プロバイダー自身の入力数を基準にします）。入力予算（コンテキストウィンドウから返信用の予約を引いたもの）と比べます。クリックで内訳を表示します。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>%1 context</source>
        <translation>コンテキスト %1</translation>
    </message>
    <message>
        <source>No topic yet: the count shows once your first message starts one.</source>
        <translation>まだトピックがありません：最初のメッセージでトピックが始まると、ここに数が表示されます。</translation>
    </message>
    <message>
        <source>%1 of the input budget — details</source>
        <translation>入力予算の %1 — 詳細</translation>
    </message>
    <message>
        <source>Token estimate</source>
        <translation>トークンの見積もり</translation>
    </message>
    <message>
        <source>%1 of %2 input tokens (%3; context window %4)</source>
        <translation>入力トークン %1 / %2（%3、コンテキストウィンドウ %4）</translation>
    </message>
    <message>
        <source>Next request: %1</source>
        <translation>次のリクエスト：%1</translation>
    </message>
</context>
<context>
    <name>ToolApproval</name>
    <message>
        <source>Allow &amp;once</source>
        <translation>今回のみ許可</translation>
    </message>
    <message>
        <source>Run this call; ask again next time</source>
        <translation>この呼び出しを実行します。次回も確認します</translation>
    </message>
    <message>
        <source>&amp;Always</source>
        <translation>常に許可</translation>
    </message>
    <message>
        <source>Run this call and every later call of this tool for this assistant</source>
        <translation>この呼び出しと、このアシスタントによるこのツールの今後の呼び出しをすべて実行します</translation>
    </message>
    <message>
        <source>&amp;Deny</source>
        <translation>拒否</translation>
    </message>
    <message>
        <source>Do not run it; the model is told you refused</source>
        <translation>実行しません。拒否したことがモデルに伝えられます</translation>
    </message>
    <message>
        <source>%1 wants to use &lt;b&gt;%2&lt;/b&gt; from the &lt;b&gt;%3&lt;/b&gt; server with:</source>
        <translation>%1 が &lt;b&gt;%3&lt;/b&gt; サーバーの &lt;b&gt;%2&lt;/b&gt; を次の引数で使おうとしています：</translation>
    </message>
</context>
<context>
    <name>ToolServers</name>
    <message>
        <source>Tool server “%1” did not start; replies go on without its tools: %2</source>
        <translation>ツールサーバー「%1」が起動しませんでした。そのツールなしで返信を続けます：%2</translation>
    </message>
</context>
<context>
    <name>ToolsPage</name>
    <message>
        <source>Server</source>
        <translation>サーバー</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>実行</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>ツール</translation>
    </message>
    <message>
        <source>Used by</source>
        <translation>使用元</translation>
    </message>
    <message>
        <source>Ask</source>
        <translation>確認する</translation>
    </message>
    <message>
        <source>Always allow</source>
        <translation>常に許可</translation>
    </message>
    <message>
        <source>Never</source>
        <translation>許可しない</translation>
    </message>
    <message>
        <source>Paste MCP servers</source>
        <translation>MCP サーバーを貼り付け</translation>
    </message>
    <message>
        <source>Paste an &lt;code&gt;mcpServers&lt;/code&gt; block (as in Claude Desktop&apos;s config file):</source>
        <translation>&lt;code&gt;mcpServers&lt;/code&gt; ブロックを貼り付けてください（Claude Desktop の設定ファイルと同じ形式）：</translation>
    </message>
    <message>
        <source>&amp;Add servers</source>
        <translation>サーバーを追加</translation>
    </message>
    <message>
        <source>The assistants that get these servers&apos; tools; change it later under Tools of assistant</source>
        <translation>これらのサーバーのツールを使うアシスタント。後で「アシスタントのツール」で変更できます</translation>
    </message>
    <message>
        <source>Use &amp;with</source>
        <translation>使うアシスタント</translation>
    </message>
    <message>
        <source>Add the MCP servers of %1.</source>
        <translation>%1 の MCP サーバーを追加します。</translation>
    </message>
    <message>
        <source>MCP servers give assistants tools: a program started on this computer (stdio) or a Streamable HTTP address. Each call is asked about unless you allow the tool.</source>
        <translation>MCP サーバーはアシスタントにツールを与えます。このコンピューターで起動するプログラム（stdio）か Streamable HTTP のアドレスです。ツールを許可しない限り、呼び出しのたびに確認します。</translation>
    </message>
    <message>
        <source>MCP servers</source>
        <translation>MCP サーバー</translation>
    </message>
    <message>
        <source>MCP servers give your assistants tools such as the time, your files or a web search. Add one with a form, or paste or import the servers you set up in another app.</source>
        <translation>MCP サーバーは、時刻、ファイル、ウェブ検索などのツールをアシスタントに与えます。フォームで追加するか、別のアプリで設定したサーバーを貼り付けまたはインポートしてください。</translation>
    </message>
    <message>
        <source>Add an MCP server…</source>
        <translation>MCP サーバーを追加…</translation>
    </message>
    <message>
        <source>No tools yet</source>
        <translation>ツールはまだありません</translation>
    </message>
    <message>
        <source>An MCP server is a small program on this computer (stdio) or a web address (Streamable HTTP) that offers tools. You choose per assistant which tools it may use, and whether each call runs by itself or asks you first.</source>
        <translation>MCP サーバーは、ツールを提供するこのコンピューター上の小さなプログラム（stdio）かウェブアドレス（Streamable HTTP）です。アシスタントごとに使えるツールと、呼び出しをそのまま実行するか先に確認するかを選べます。</translation>
    </message>
    <message>
        <source>A&amp;dd server…</source>
        <translation>サーバーを追加…</translation>
    </message>
    <message>
        <source>Add a stdio or Streamable HTTP server with a form</source>
        <translation>フォームで stdio または Streamable HTTP サーバーを追加</translation>
    </message>
    <message>
        <source>&amp;Edit…</source>
        <translation>編集…</translation>
    </message>
    <message>
        <source>Change the selected server</source>
        <translation>選んだサーバーを変更</translation>
    </message>
    <message>
        <source>&amp;Paste JSON…</source>
        <translation>JSON を貼り付け…</translation>
    </message>
    <message>
        <source>Add servers from an mcpServers JSON block</source>
        <translation>mcpServers の JSON ブロックからサーバーを追加</translation>
    </message>
    <message>
        <source>&amp;Import…</source>
        <translation>インポート…</translation>
    </message>
    <message>
        <source>Add the mcpServers of a Claude Desktop config file</source>
        <translation>Claude Desktop の設定ファイルの mcpServers を追加</translation>
    </message>
    <message>
        <source>&amp;Test</source>
        <translation>テスト</translation>
    </message>
    <message>
        <source>Start the server, list its tools and stop it</source>
        <translation>サーバーを起動し、ツールを一覧してから停止</translation>
    </message>
    <message>
        <source>Sign &amp;out</source>
        <translation>サインアウト</translation>
    </message>
    <message>
        <source>Delete the server&apos;s sign-in tokens from the keyring or key file</source>
        <translation>キーリングまたはキーファイルからサーバーのサインイントークンを削除</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>削除</translation>
    </message>
    <message>
        <source>Tools of &amp;assistant</source>
        <translation>アシスタントのツール</translation>
    </message>
    <message>
        <source>Server tools of the assistant</source>
        <translation>アシスタントのサーバーツール</translation>
    </message>
    <message>
        <source>Server / tool</source>
        <translation>サーバー / ツール</translation>
    </message>
    <message>
        <source>Approval</source>
        <translation>承認</translation>
    </message>
    <message>
        <source>List MCP servers: %1</source>
        <translation>MCP サーバーの一覧：%1</translation>
    </message>
    <message>
        <source>%1 (signed in)</source>
        <translation>%1（サインイン済み）</translation>
    </message>
    <message>
        <source>not tested yet</source>
        <translation>未テスト</translation>
    </message>
    <message>
        <source>Test %1</source>
        <translation>%1 をテスト</translation>
    </message>
    <message>
        <source>off</source>
        <translation>オフ</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>%1 を保存しました。</translation>
    </message>
    <message>
        <source>Saved %1. Test it to read its tools.</source>
        <translation>%1 を保存しました。テストするとツールを読み込みます。</translation>
    </message>
    <message>
        <source>No assistant uses %1 yet: tick it under Tools of assistant below.</source>
        <translation>%1 はまだどのアシスタントも使っていません。下のアシスタントのツールでチェックしてください。</translation>
    </message>
    <message>
        <source>Import MCP servers</source>
        <translation>MCP サーバーをインポート</translation>
    </message>
    <message>
        <source>JSON (*.json);;All files (*)</source>
        <translation>JSON (*.json);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Add MCP servers</source>
        <translation>MCP サーバーを追加</translation>
    </message>
    <message>
        <source>Added %1. Test a server to read its tools.</source>
        <translation>%1 を追加しました。サーバーをテストするとツールを読み込みます。</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>%1 を削除</translation>
    </message>
    <message>
        <source>Sign out of %1</source>
        <translation>%1 からサインアウト</translation>
    </message>
    <message>
        <source>Removed %1.</source>
        <translation>%1 を削除しました。</translation>
    </message>
    <message>
        <source>Starting %1…</source>
        <translation>%1 を起動中…</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message numerus="yes">
        <source>%n tool(s)</source>
        <translation><numerusform>%n 個のツール</numerusform></translation>
    </message>
    <message>
        <source>no tools</source>
        <translation>ツールなし</translation>
    </message>
    <message>
        <source>Read the assistant&apos;s tools: %1</source>
        <translation>アシスタントのツールの読み込み：%1</translation>
    </message>
    <message>
        <source>%1 (test it to list its tools)</source>
        <translation>%1（テストするとツールを一覧します）</translation>
    </message>
    <message>
        <source>Approval of %1</source>
        <translation>%1 の承認</translation>
    </message>
    <message>
        <source>Set %1</source>
        <translation>%1 を設定</translation>
    </message>
    <message>
        <source>Switch %1</source>
        <translation>%1 を切り替え</translation>
    </message>
</context>
<context>
    <name>TopicActions</name>
    <message>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <source>ChatHub topic JSON (*.json)</source>
        <translation>ChatHub トピック JSON (*.json)</translation>
    </message>
    <message>
        <source>&amp;Pin topic</source>
        <translation>トピックをピン留め</translation>
    </message>
    <message>
        <source>Keep the selected topic at the top of the list (Ctrl+Shift+P)</source>
        <translation>選んだトピックを一覧の先頭に固定します（Ctrl+Shift+P）</translation>
    </message>
    <message>
        <source>&amp;Archive topic</source>
        <translation>トピックをアーカイブ</translation>
    </message>
    <message>
        <source>Hide the selected topic from the list; search still finds it (Ctrl+Shift+A)</source>
        <translation>選んだトピックを一覧から隠します。検索では見つかります（Ctrl+Shift+A）</translation>
    </message>
    <message>
        <source>Show archi&amp;ved topics</source>
        <translation>アーカイブしたトピックを表示</translation>
    </message>
    <message>
        <source>List archived topics too</source>
        <translation>アーカイブしたトピックも一覧に出します</translation>
    </message>
    <message>
        <source>&amp;Markdown…</source>
        <translation>&amp;Markdown…</translation>
    </message>
    <message>
        <source>Save the topic as Markdown: roles, times, tool calls</source>
        <translation>トピックを Markdown で保存します：役割、時刻、ツール呼び出し</translation>
    </message>
    <message>
        <source>&amp;JSON…</source>
        <translation>&amp;JSON…</translation>
    </message>
    <message>
        <source>Save the topic as JSON that File → Import → ChatHub topic reads back without loss</source>
        <translation>トピックを JSON で保存します。ファイル → インポート → ChatHub トピック でそのまま読み戻せます</translation>
    </message>
    <message>
        <source>ChatHub topic (JSON)…</source>
        <translation>ChatHub トピック（JSON）…</translation>
    </message>
    <message>
        <source>Import a topic saved with Topic → Export → as JSON</source>
        <translation>トピック → エクスポート → JSON で保存したトピックをインポートします</translation>
    </message>
    <message>
        <source>E&amp;xport</source>
        <translation>エクスポート</translation>
    </message>
    <message>
        <source>Un&amp;pin topic</source>
        <translation>ピン留めを外す</translation>
    </message>
    <message>
        <source>Un&amp;archive topic</source>
        <translation>アーカイブを解除</translation>
    </message>
    <message>
        <source>Pinned “%1”</source>
        <translation>「%1」をピン留めしました</translation>
    </message>
    <message>
        <source>Unpinned “%1”</source>
        <translation>「%1」のピン留めを外しました</translation>
    </message>
    <message>
        <source>Archived “%1”</source>
        <translation>「%1」をアーカイブしました</translation>
    </message>
    <message>
        <source>Restored “%1”</source>
        <translation>「%1」を戻しました</translation>
    </message>
    <message>
        <source>Export topic</source>
        <translation>トピックをエクスポート</translation>
    </message>
    <message>
        <source>Exported the topic to %1</source>
        <translation>トピックを %1 にエクスポートしました</translation>
    </message>
    <message>
        <source>Import ChatHub topic</source>
        <translation>ChatHub トピックをインポート</translation>
    </message>
    <message>
        <source>ChatHub topic JSON (*.json);;All files (*)</source>
        <translation>ChatHub トピック JSON (*.json);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Imported “%1” (%2)</source>
        <translation>「%1」をインポートしました（%2）</translation>
    </message>
    <message numerus="yes">
        <source>%Ln message(s)</source>
        <translation><numerusform>%Ln 件のメッセージ</numerusform></translation>
    </message>
</context>
<context>
    <name>TopicDelete</name>
    <message>
        <source>&amp;Undo delete</source>
        <translation>削除を元に戻す</translation>
    </message>
    <message>
        <source>Bring back the topic you just deleted (Ctrl+Z)</source>
        <translation>削除したばかりのトピックを元に戻します（Ctrl+Z）</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>元に戻す</translation>
    </message>
    <message numerus="yes">
        <source>Delete “%1” and its %Ln message(s)? You can undo this for %2 seconds.</source>
        <translation><numerusform>「%1」と %Ln 件のメッセージを削除しますか？%2 秒以内なら元に戻せます。</numerusform></translation>
    </message>
    <message>
        <source>Delete topic</source>
        <translation>トピックを削除</translation>
    </message>
    <message>
        <source>Deleted “%1” — Undo (Ctrl+Z) within %2 s</source>
        <translation>「%1」を削除しました — %2 秒以内なら元に戻せます（Ctrl+Z）</translation>
    </message>
    <message>
        <source>“%1” is back</source>
        <translation>「%1」を元に戻しました</translation>
    </message>
</context>
<context>
    <name>TopicList</name>
    <message>
        <source>Yesterday</source>
        <translation>昨日</translation>
    </message>
    <message>
        <source>Private topic: %1</source>
        <translation>プライベートトピック：%1</translation>
    </message>
    <message>
        <source>A reply is being written</source>
        <translation>返信を書いています</translation>
    </message>
    <message numerus="yes">
        <source>%Ln message(s) · last active %1</source>
        <translation><numerusform>%Ln 件のメッセージ · 最終アクティブ %1</numerusform></translation>
    </message>
    <message>
        <source> · pinned</source>
        <translation> · ピン留め</translation>
    </message>
    <message>
        <source> · archived</source>
        <translation> · アーカイブ済み</translation>
    </message>
    <message>
        <source>Private: no memory is used here and the dream never reads it</source>
        <translation>プライベート：ここではメモリを使わず、ドリームも読みません</translation>
    </message>
    <message>
        <source>New topic</source>
        <translation>新しいトピック</translation>
    </message>
    <message>
        <source>Pinned</source>
        <translation>ピン留め</translation>
    </message>
    <message>
        <source>Today</source>
        <translation>今日</translation>
    </message>
    <message>
        <source>Previous 7 days</source>
        <translation>過去 7 日間</translation>
    </message>
    <message>
        <source>Older</source>
        <translation>それ以前</translation>
    </message>
</context>
<context>
    <name>TopicModelPicker</name>
    <message>
        <source>Another model…</source>
        <translation>別のモデル…</translation>
    </message>
    <message>
        <source>Search models</source>
        <translation>モデルを検索</translation>
    </message>
    <message>
        <source>offered by this provider</source>
        <translation>このプロバイダーが提供</translation>
    </message>
    <message>
        <source>from the bundled catalog: the provider may not serve it</source>
        <translation>内蔵カタログから：プロバイダーが提供していない場合があります</translation>
    </message>
    <message>
        <source>Type any model id %1 serves</source>
        <translation>%1 が提供する任意のモデル ID を入力</translation>
    </message>
    <message>
        <source>Another model</source>
        <translation>別のモデル</translation>
    </message>
    <message>
        <source>Model id on %1:</source>
        <translation>%1 のモデル ID：</translation>
    </message>
    <message>
        <source>No topic</source>
        <translation>トピックなし</translation>
    </message>
    <message>
        <source>no model</source>
        <translation>モデルなし</translation>
    </message>
    <message>
        <source>%1 (assistant default) ▾</source>
        <translation>%1（アシスタントの既定）▾</translation>
    </message>
    <message>
        <source>Open a topic to choose its model</source>
        <translation>トピックを開くとモデルを選べます</translation>
    </message>
    <message>
        <source>%1-token context window</source>
        <translation>%1 トークンのコンテキストウィンドウ</translation>
    </message>
    <message>
        <source> (no model card: the provider&apos;s fallback)</source>
        <translation>（モデルカードなし：プロバイダーのフォールバック）</translation>
    </message>
    <message>
        <source>this topic&apos;s own model</source>
        <translation>このトピック独自のモデル</translation>
    </message>
    <message>
        <source>the assistant&apos;s model (this topic has no own choice)</source>
        <translation>アシスタントのモデル（このトピック独自の選択なし）</translation>
    </message>
    <message>
        <source>%1 via %2 — %3</source>
        <translation>%1（%2 経由）— %3</translation>
    </message>
    <message>
        <source>no provider</source>
        <translation>プロバイダーなし</translation>
    </message>
    <message>
        <source>%1 · %2-token input budget</source>
        <translation>%1 · 入力予算 %2 トークン</translation>
    </message>
    <message>
        <source>Click to choose another model for this topic only</source>
        <translation>クリックしてこのトピックだけの別のモデルを選ぶ</translation>
    </message>
    <message>
        <source>Topic model</source>
        <translation>トピックのモデル</translation>
    </message>
    <message>
        <source>%1 (the assistant&apos;s model) answers a new topic; open a topic to choose another model for it</source>
        <translation>新しいトピックには %1（アシスタントのモデル）が答えます。トピックを開くと別のモデルを選べます</translation>
    </message>
    <message>
        <source>Reading this topic&apos;s model…</source>
        <translation>このトピックのモデルを読み込んでいます…</translation>
    </message>
    <message>
        <source>Use the assistant&apos;s model (%1)</source>
        <translation>アシスタントのモデルを使う（%1）</translation>
    </message>
    <message>
        <source>none set</source>
        <translation>未設定</translation>
    </message>
    <message>
        <source>on %1</source>
        <translation>%1 上</translation>
    </message>
    <message>
        <source>No providers yet — add one in Settings → Providers</source>
        <translation>プロバイダーはまだありません — 設定 → プロバイダー で追加してください</translation>
    </message>
    <message>
        <source>Use %1 for this topic only (%2; a %3-token window, reported by the provider)</source>
        <translation>このトピックだけ %1 を使う（%2、プロバイダー報告のウィンドウは %3 トークン）</translation>
    </message>
    <message>
        <source>Use %1 for this topic only (%2)</source>
        <translation>このトピックだけ %1 を使う（%2）</translation>
    </message>
    <message>
        <source>This topic: %1</source>
        <translation>このトピック：%1</translation>
    </message>
    <message>
        <source>This topic&apos;s model choice was removed (its provider was deleted or another window changed it); it uses the assistant&apos;s model %1 again</source>
        <translation>このトピックのモデル選択は外されました（プロバイダーが削除されたか、別のウィンドウが変更しました）。アシスタントのモデル %1 に戻ります</translation>
    </message>
    <message>
        <source>This topic now uses %1</source>
        <translation>このトピックは %1 を使います</translation>
    </message>
    <message>
        <source>This topic now uses %1 (the assistant&apos;s model)</source>
        <translation>このトピックは %1（アシスタントのモデル）を使います</translation>
    </message>
</context>
<context>
    <name>TopicPrivacy</name>
    <message>
        <source>Private</source>
        <translation>プライベート</translation>
    </message>
    <message>
        <source>Go private</source>
        <translation>プライベートにする</translation>
    </message>
    <message>
        <source>Private: no memory is sent or offered here, and the memory dream never reads this topic</source>
        <translation>プライベート：ここではメモリを送らず使わせません。ドリームもこのトピックを読みません</translation>
    </message>
    <message>
        <source>Private topic: on. No memory is sent or offered here, and the memory dream never reads it</source>
        <translation>プライベートトピック：オン。ここではメモリを送らず使わせません。ドリームも読みません</translation>
    </message>
    <message>
        <source>Private topic: off. Turn on to send no memory here and keep the memory dream out</source>
        <translation>プライベートトピック：オフ。オンにするとここではメモリを送らず、ドリームも読みません</translation>
    </message>
    <message>
        <source>New &amp;private topic</source>
        <translation>新しいプライベートトピック</translation>
    </message>
    <message>
        <source>Start a private topic (Ctrl+Shift+N). %1</source>
        <translation>プライベートトピックを始めます（Ctrl+Shift+N）。%1</translation>
    </message>
    <message>
        <source>Pri&amp;vate topic</source>
        <translation>プライベートトピック</translation>
    </message>
    <message>
        <source>Private topic</source>
        <translation>プライベートトピック</translation>
    </message>
    <message>
        <source>This topic is not private: memory is used again</source>
        <translation>このトピックはプライベートではなくなりました。メモリを再び使います</translation>
    </message>
</context>
<context>
    <name>TopicScrollBar</name>
    <message>
        <source>Position in the topic</source>
        <translation>トピック内の位置</translation>
    </message>
    <message>
        <source>Drag to any message of the topic; the bottom is the newest message</source>
        <translation>トピックの任意のメッセージまでドラッグ。一番下が最新のメッセージです</translation>
    </message>
</context>
<context>
    <name>TopicSidebar</name>
    <message>
        <source>No topics yet. Your conversations with this assistant are listed here.</source>
        <translation>まだトピックはありません。このアシスタントとの会話はここに一覧されます。</translation>
    </message>
</context>
<context>
    <name>Tray</name>
    <message>
        <source>Memory dream: %1</source>
        <translation>ドリーム：%1</translation>
    </message>
    <message>
        <source>Could not change Pause dreams: %1</source>
        <translation>「ドリームを一時停止」を変更できませんでした：%1</translation>
    </message>
    <message>
        <source>Dreams paused: scheduled memory dreams do not run until you resume them</source>
        <translation>ドリームを一時停止しました：再開するまで予定ドリームは実行されません</translation>
    </message>
    <message>
        <source>Dreams resumed: scheduled memory dreams run again</source>
        <translation>ドリームを再開しました：予定ドリームがまた実行されます</translation>
    </message>
    <message>
        <source>A memory dream is already running</source>
        <translation>ドリームはすでに実行中です</translation>
    </message>
    <message>
        <source>No memory dream is due</source>
        <translation>実行予定のドリームはありません</translation>
    </message>
    <message>
        <source>Memory dream running…</source>
        <translation>ドリームを実行中…</translation>
    </message>
    <message>
        <source>Memory dream stopped; it is tried again later</source>
        <translation>ドリームを止めました。あとでもう一度試します</translation>
    </message>
    <message>
        <source>No memory dream was due</source>
        <translation>実行予定のドリームはありませんでした</translation>
    </message>
    <message>
        <source>&amp;Open ChatHub</source>
        <translation>ChatHub を開く</translation>
    </message>
    <message>
        <source>Show the ChatHub window</source>
        <translation>ChatHub のウィンドウを表示</translation>
    </message>
    <message>
        <source>&amp;Run due dreams now</source>
        <translation>予定ドリームを今すぐ実行</translation>
    </message>
    <message>
        <source>Run every scheduled memory dream that is due now (also while paused)</source>
        <translation>時刻が来たすべての予定ドリームを今すぐ実行します（一時停止中でも）</translation>
    </message>
    <message>
        <source>&amp;Pause dreams</source>
        <translation>ドリームを一時停止</translation>
    </message>
    <message>
        <source>While checked, scheduled memory dreams do not run (remembered across restarts); Dream now still works</source>
        <translation>チェック中は予定ドリームを実行しません（再起動後も保持）。「今すぐドリーム」は使えます</translation>
    </message>
    <message>
        <source>ChatHub keeps running here and memory dreams still run. Quit from this icon&apos;s menu or with Ctrl+Q.</source>
        <translation>ChatHub はここで動き続け、ドリームも実行されます。終了するにはこのアイコンのメニューか Ctrl+Q を使います。</translation>
    </message>
    <message>
        <source>dreams paused</source>
        <translation>ドリーム一時停止中</translation>
    </message>
    <message>
        <source>dreaming…</source>
        <translation>ドリーム実行中…</translation>
    </message>
    <message>
        <source>memory dreams on schedule</source>
        <translation>ドリームは予定どおり</translation>
    </message>
</context>
<context>
    <name>UsagePopover</name>
    <message>
        <source>Compacting…</source>
        <translation>圧縮中…</translation>
    </message>
    <message>
        <source>Compact now</source>
        <translation>今すぐ圧縮</translation>
    </message>
    <message>
        <source>%1 of %2 input tokens; tick: %3</source>
        <translation>入力 %2 トークン中 %1；目盛り：%3</translation>
    </message>
    <message>
        <source>Hide the rows of %1</source>
        <translation>「%1」の行を隠す</translation>
    </message>
    <message>
        <source>Show the rows of %1</source>
        <translation>「%1」の行を表示</translation>
    </message>
    <message>
        <source>Total Used</source>
        <translation>合計</translation>
    </message>
    <message>
        <source>Context usage &amp; compaction</source>
        <translation>コンテキストの使用量 &amp; 圧縮</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>詳細</translation>
    </message>
    <message>
        <source>Show how tokens are counted</source>
        <translation>トークンの数え方を表示</translation>
    </message>
    <message>
        <source>Older turns are left out with no usable summary: compact the topic to keep them as one.</source>
        <translation>古いやり取りが使える要約なしで省かれています：トピックを圧縮すると 1 つの要約として残せます。</translation>
    </message>
    <message>
        <source>Prompt cache</source>
        <translation>プロンプトキャッシュ</translation>
    </message>
    <message>
        <source>About the reported cache</source>
        <translation>報告されたキャッシュについて</translation>
    </message>
    <message>
        <source>Save a model card with the window the server really reads, so the estimate, compaction and the history fit it</source>
        <translation>サーバーが実際に読むウィンドウでモデルカードを保存し、見積もり・圧縮・履歴をそれに合わせます</translation>
    </message>
    <message>
        <source>Give this model a card: its context window, max output and tokenizer</source>
        <translation>このモデルにカードを作ります：コンテキストウィンドウ、最大出力、トークナイザー</translation>
    </message>
    <message>
        <source>Summarize the completed turns before your latest message now (History Compress model; Ctrl+Shift+K)</source>
        <translation>最新のメッセージより前の完了したやり取りを今すぐ要約します（History Compress モデル；Ctrl+Shift+K）</translation>
    </message>
    <message>
        <source>View topic summary</source>
        <translation>トピックの要約を表示</translation>
    </message>
    <message>
        <source>No estimate yet: open or create a topic.</source>
        <translation>まだ見積もりはありません：トピックを開くか作成してください。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Next request estimate: %1&lt;/b&gt; of %2 input tokens</source>
        <translation>&lt;b&gt;次のリクエストの見積もり：%1&lt;/b&gt;（入力 %2 トークン中）</translation>
    </message>
    <message>
        <source>%1 The red mark shows where compaction starts.</source>
        <translation>%1 赤い印は圧縮が始まる位置です。</translation>
    </message>
    <message>
        <source>⚠ Last reply: %1.</source>
        <translation>⚠ 直前の返信：%1。</translation>
    </message>
    <message>
        <source>Set %1&apos;s window to %2 tokens</source>
        <translation>%1 のウィンドウを %2 トークンに設定</translation>
    </message>
    <message>
        <source>Set %1&apos;s window…</source>
        <translation>%1 のウィンドウを設定…</translation>
    </message>
    <message>
        <source>Saved: %1 reads %2 tokens</source>
        <translation>保存しました：%1 は %2 トークンを読みます</translation>
    </message>
    <message>
        <source>The topic&apos;s rolling summary, its model, Copy / Export and the debug log (Ctrl+Shift+S)</source>
        <translation>トピックのローリング要約、そのモデル、コピー / エクスポート、デバッグログ（Ctrl+Shift+S）</translation>
    </message>
    <message>
        <source>No summary yet: the viewer shows the debug log of past runs (Ctrl+Shift+S)</source>
        <translation>まだ要約はありません：ビューアーには過去の実行のデバッグログが表示されます（Ctrl+Shift+S）</translation>
    </message>
    <message>
        <source>Instructions</source>
        <translation>指示</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>ツール</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>メモリ</translation>
    </message>
    <message>
        <source>Topic summary</source>
        <translation>トピックの要約</translation>
    </message>
    <message>
        <source>Pinned messages</source>
        <translation>ピン留めしたメッセージ</translation>
    </message>
    <message>
        <source>Chat messages</source>
        <translation>チャットのメッセージ</translation>
    </message>
    <message>
        <source>Draft</source>
        <translation>下書き</translation>
    </message>
    <message>
        <source>Images</source>
        <translation>画像</translation>
    </message>
    <message>
        <source>Knowledge</source>
        <translation>ナレッジ</translation>
    </message>
    <message>
        <source>Per-message overhead</source>
        <translation>メッセージごとのオーバーヘッド</translation>
    </message>
    <message>
        <source>Instructions &amp; framing</source>
        <translation>指示 &amp; 枠組み</translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation>会話</translation>
    </message>
    <message>
        <source>no reply in the window reports input tokens yet</source>
        <translation>ウィンドウ内に入力トークン数を報告した返信はまだありません</translation>
    </message>
    <message>
        <source>no reply since the last compaction reports input tokens yet</source>
        <translation>前回の圧縮以降、入力トークン数を報告した返信はまだありません</translation>
    </message>
    <message>
        <source>the last reported reply predates the last compaction</source>
        <translation>最後に報告された返信は前回の圧縮より前のものです</translation>
    </message>
    <message>
        <source>the model changed since that reply</source>
        <translation>その返信の後でモデルが変わりました</translation>
    </message>
    <message>
        <source>that reply came from another ChatHub process (an earlier run, the command line or another window)</source>
        <translation>その返信は別の ChatHub プロセス（以前の実行、コマンドライン、または別のウィンドウ）から来ました</translation>
    </message>
    <message>
        <source>that reply was sent before this run of ChatHub started</source>
        <translation>その返信は今回の ChatHub の起動より前に送信されました</translation>
    </message>
    <message>
        <source>the input template changed since that request</source>
        <translation>そのリクエストの後で入力テンプレートが変わりました</translation>
    </message>
    <message>
        <source>the history limit was raised or turned off</source>
        <translation>履歴の上限が引き上げられたか、オフになりました</translation>
    </message>
    <message>
        <source>the large-context window expanded</source>
        <translation>大きなコンテキストウィンドウが拡張されました</translation>
    </message>
    <message>
        <source>the topic was compacted since that request</source>
        <translation>そのリクエストの後でトピックが圧縮されました</translation>
    </message>
    <message>
        <source>earlier messages changed since that request</source>
        <translation>そのリクエストの後で以前のメッセージが変わりました</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>Corrected to the provider&apos;s own count</source>
        <translation>プロバイダー自身のカウントに補正</translation>
    </message>
    <message>
        <source>Learned correction × %1</source>
        <translation>学習した補正 × %1</translation>
    </message>
    <message>
        <source>Difference from the local count</source>
        <translation>ローカルのカウントとの差</translation>
    </message>
    <message>
        <source>None offered — %1.</source>
        <translation>提供なし — %1。</translation>
    </message>
    <message>
        <source>A small allowance per message and tool schema (%1 × 3).</source>
        <translation>メッセージとツールスキーマごとの小さな余裕（%1 × 3）。</translation>
    </message>
    <message>
        <source> (local counts × %1, the learned correction)</source>
        <translation>（ローカルのカウント × %1、学習した補正）</translation>
    </message>
    <message>
        <source>; %1 of it has left the window since</source>
        <translation>；そのうち %1 はその後ウィンドウから外れました</translation>
    </message>
    <message>
        <source>The provider reported %1 for the last request%2; %3 counted after it%4.</source>
        <translation>プロバイダーは直前のリクエストを %1 と報告しました%2；その後に %3 を数えました%4。</translation>
    </message>
    <message>
        <source> This run did not send that request, so the larger of that and the local count is used.</source>
        <translation>この実行はそのリクエストを送っていないため、それとローカルのカウントの大きい方を使います。</translation>
    </message>
    <message numerus="yes">
        <source> over %Ln replies</source>
        <translation><numerusform>（%Ln 件の返信で）</numerusform></translation>
    </message>
    <message>
        <source>This model&apos;s provider has counted %1 of our local count%2; local counts are scaled by it.</source>
        <translation>このモデルのプロバイダーはローカルのカウントの %1 と数えました%2；ローカルのカウントはこの比率で調整されます。</translation>
    </message>
    <message>
        <source>threshold compaction at %1 estimated tokens</source>
        <translation>見積もり %1 トークンでしきい値圧縮</translation>
    </message>
    <message>
        <source>%1 of the input budget used.</source>
        <translation>入力予算の %1 を使用中。</translation>
    </message>
    <message>
        <source>The model reads at most %1 tokens (its context window); %2 are kept for its reply, so %3 are left for the conversation.</source>
        <translation>モデルが読めるのは最大 %1 トークン（コンテキストウィンドウ）です。そのうち %2 は返信用に確保されるため、会話に使えるのは %3 です。</translation>
    </message>
    <message>
        <source>The model reads at most %1 tokens (its context window), all of them left for the conversation.</source>
        <translation>モデルが読めるのは最大 %1 トークン（コンテキストウィンドウ）で、すべて会話に使えます。</translation>
    </message>
    <message>
        <source>Send will summarize older messages and leave out the oldest that still don&apos;t fit.</source>
        <translation>送信すると古いメッセージを要約し、それでも収まらない最も古いものを省きます。</translation>
    </message>
    <message>
        <source>Send will summarize older messages first.</source>
        <translation>送信すると、まず古いメッセージを要約します。</translation>
    </message>
    <message>
        <source>Counted on this computer: %1</source>
        <translation>このコンピューターで数えました：%1</translation>
    </message>
    <message>
        <source>Counted on this computer</source>
        <translation>このコンピューターで数えました</translation>
    </message>
    <message>
        <source>; its report plus what came after it is smaller</source>
        <translation>；その報告にその後の分を足した値の方が小さい</translation>
    </message>
    <message>
        <source>.</source>
        <translation>。</translation>
    </message>
    <message>
        <source>Threshold compaction above %1 estimated tokens (now about %2)</source>
        <translation>見積もりが %1 トークンを超えるとしきい値圧縮（現在およそ %2）</translation>
    </message>
    <message>
        <source>this server&apos;s chat template doesn&apos;t accept tools</source>
        <translation>このサーバーのチャットテンプレートはツールを受け付けません</translation>
    </message>
    <message>
        <source>compacts when the conversation reaches %1 of the input budget</source>
        <translation>会話が入力予算の %1 に達すると圧縮します</translation>
    </message>
    <message>
        <source>Based on the model&apos;s own count of an earlier request plus what came after it, which is more than this computer counts.</source>
        <translation>以前のリクエストに対するモデル自身の数にその後の分を加えたもので、このコンピューターでの数より多くなっています。</translation>
    </message>
    <message>
        <source>Based on the model&apos;s own count of the last request; the rows below are counted on this computer.</source>
        <translation>前回のリクエストに対するモデル自身の数に基づきます。下の行はこのコンピューターで数えたものです。</translation>
    </message>
    <message>
        <source>Estimated on this computer until the model reports its own count.</source>
        <translation>モデルが自身の数を報告するまでは、このコンピューターでの見積もりです。</translation>
    </message>
    <message>
        <source>Compacts when the conversation reaches %1 of the input budget, summarizing it down to %2</source>
        <translation>会話が入力予算の %1 に達すると圧縮し、要約して %2 まで下げます</translation>
    </message>
    <message>
        <source>. The context window is a fallback: this model is in neither the catalog nor your model cards</source>
        <translation>。コンテキストウィンドウは代替値です：このモデルはカタログにもモデルカードにもありません</translation>
    </message>
    <message>
        <source>Tokens are counted with the %1 encoding.</source>
        <translation>トークンは %1 エンコーディングで数えています。</translation>
    </message>
    <message>
        <source>The server&apos;s /props answer (llama.cpp) says its chat template takes no tools, so none are offered.</source>
        <translation>サーバーの /props の応答（llama.cpp）によると、チャットテンプレートがツールを受け付けないため、ツールは提供されません。</translation>
    </message>
    <message>
        <source>No provider telemetry yet: no reply has reported cache use</source>
        <translation>プロバイダーのテレメトリーはまだありません：キャッシュの使用を報告した返信はありません</translation>
    </message>
    <message>
        <source>0% hit / no hit yet</source>
        <translation>ヒット 0% / まだヒットなし</translation>
    </message>
    <message>
        <source>%1 cached · input not reported</source>
        <translation>キャッシュ済み %1 · 入力は報告なし</translation>
    </message>
    <message>
        <source>%1% hit · working · %2 / %3</source>
        <translation>ヒット %1% · 有効 · %2 / %3</translation>
    </message>
    <message>
        <source>%1% hit · no hit · %2 / %3</source>
        <translation>ヒット %1% · ヒットなし · %2 / %3</translation>
    </message>
    <message>
        <source>Prompt-cache rate the provider reported for the latest reply that carried cache counters: cached input ÷ all reported input. It is not the next-request estimate above, and Compact does not reset it.</source>
        <translation>キャッシュのカウンターを含む最新の返信についてプロバイダーが報告したプロンプトキャッシュ率：キャッシュ済みの入力 ÷ 報告されたすべての入力。上の次のリクエストの見積もりではなく、圧縮してもリセットされません。</translation>
    </message>
    <message>
        <source> No reply in this topic has reported cache counters yet.</source>
        <translation>このトピックでは、まだどの返信もキャッシュのカウンターを報告していません。</translation>
    </message>
    <message>
        <source>an unknown model</source>
        <translation>不明なモデル</translation>
    </message>
    <message>
        <source> Reported by %1 (message #%2).</source>
        <translation>%1 が報告（メッセージ #%2）。</translation>
    </message>
    <message>
        <source>off</source>
        <translation>オフ</translation>
    </message>
    <message>
        <source> (expanded to %1)</source>
        <translation>（%1 まで拡張）</translation>
    </message>
    <message>
        <source>%1 covered by the summary</source>
        <translation>%1 件は要約に含まれています</translation>
    </message>
    <message>
        <source>%1 beyond the history limit</source>
        <translation>%1 件は履歴の上限を超えています</translation>
    </message>
    <message>
        <source>%1 of %2 topic messages included</source>
        <translation>トピックのメッセージ %2 件中 %1 件を含めています</translation>
    </message>
    <message>
        <source>; dropped: %1</source>
        <translation>；省いたもの：%1</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>History limit: %1</source>
        <translation>履歴の上限：%1</translation>
    </message>
    <message>
        <source>Whole topic: about %1 tokens</source>
        <translation>トピック全体：約 %1 トークン</translation>
    </message>
    <message>
        <source>Last compaction: %1</source>
        <translation>前回の圧縮：%1</translation>
    </message>
    <message>
        <source>never</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>History window</source>
        <translation>履歴ウィンドウ</translation>
    </message>
    <message>
        <source>This message alone is longer than the model&apos;s context window (%1 tokens &gt; %2)</source>
        <translation>このメッセージだけでモデルのコンテキストウィンドウを超えています（%1 トークン &gt; %2）</translation>
    </message>
    <message>
        <source>This message alone is longer than the model&apos;s input budget (%1 tokens &gt; %2, the context window less the reply reserve)</source>
        <translation>このメッセージだけでモデルの入力予算を超えています（%1 トークン &gt; %2、コンテキストウィンドウから返信の予備を引いた値）</translation>
    </message>
    <message>
        <source>; shorten it or attach less.</source>
        <translation>；短くするか、添付を減らしてください。</translation>
    </message>
    <message>
        <source>About %1 times too long for this model (%2 of %3 input tokens).</source>
        <translation>このモデルには約 %1 倍長すぎます（入力 %3 トークン中 %2）。</translation>
    </message>
    <message>
        <source>%1 tokens too long for this model (%2 of %3 input tokens).</source>
        <translation>このモデルには %1 トークン長すぎます（入力 %3 トークン中 %2）。</translation>
    </message>
    <message>
        <source>Compaction is off: Send tries it as is, and if the model refuses, summarizes older messages once and resends.</source>
        <translation>圧縮はオフです：送信はそのまま試み、モデルが拒否した場合は古いメッセージを一度要約して送り直します。</translation>
    </message>
    <message>
        <source>Tools: none offered — %1.</source>
        <translation>ツール：提供なし — %1。</translation>
    </message>
    <message numerus="yes">
        <source> and %n more</source>
        <translation><numerusform> ほか %n 件</numerusform></translation>
    </message>
    <message>
        <source>Tools: %1 is off for this assistant, so not offered (Settings → Tools).</source>
        <translation>ツール：%1 はこのアシスタントではオフのため提供しません（設定 → ツール）。</translation>
    </message>
    <message>
        <source>Tools: %1 are off for this assistant, so not offered (Settings → Tools).</source>
        <translation>ツール：%1 はこのアシスタントではオフのため提供しません（設定 → ツール）。</translation>
    </message>
</context>
<context>
    <name>ViewMenu</name>
    <message>
        <source>Follow the &amp;system</source>
        <translation>システムに合わせる</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>ライト</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>ダーク</translation>
    </message>
    <message>
        <source>Send with &amp;Enter</source>
        <translation>&amp;Enter で送信</translation>
    </message>
    <message>
        <source>Enter sends the message, Shift+Enter makes a new line</source>
        <translation>Enter でメッセージを送信、Shift+Enter で改行</translation>
    </message>
    <message>
        <source>Send with &amp;Ctrl+Enter</source>
        <translation>&amp;Ctrl+Enter で送信</translation>
    </message>
    <message>
        <source>Ctrl+Enter sends the message, Enter makes a new line</source>
        <translation>Ctrl+Enter でメッセージを送信、Enter で改行</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>表示</translation>
    </message>
    <message>
        <source>Text si&amp;ze</source>
        <translation>文字サイズ</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>テーマ</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>言語</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>システム</translation>
    </message>
    <message>
        <source>The language of the window&apos;s text; what the model reads stays as it is</source>
        <translation>ウィンドウの表示言語。モデルが読む内容は変わりません</translation>
    </message>
    <message>
        <source>&amp;Larger</source>
        <translation>大きく</translation>
    </message>
    <message>
        <source>Larger text in the conversation and the message box</source>
        <translation>会話と入力欄の文字を大きくします</translation>
    </message>
    <message>
        <source>&amp;Smaller</source>
        <translation>小さく</translation>
    </message>
    <message>
        <source>Smaller text in the conversation and the message box</source>
        <translation>会話と入力欄の文字を小さくします</translation>
    </message>
    <message>
        <source>&amp;Default</source>
        <translation>標準</translation>
    </message>
    <message>
        <source>The conversation at the window&apos;s text size</source>
        <translation>会話をウィンドウの文字サイズで表示します</translation>
    </message>
    <message>
        <source>Desktop &amp;notifications</source>
        <translation>デスクトップ通知</translation>
    </message>
    <message>
        <source>Tell me when a reply finishes while the window is away, and what a scheduled memory dream did</source>
        <translation>ウィンドウを離れている間に返信が終わったときと、予定ドリームが何をしたかを知らせます</translation>
    </message>
    <message>
        <source>Show side&amp;bar</source>
        <translation>サイドバーを表示</translation>
    </message>
    <message>
        <source>Show or hide the assistants and topics (%1; folds away by itself when the window is narrow)</source>
        <translation>アシスタントとトピックの表示・非表示（%1。ウィンドウが狭いと自動で折りたたみます）</translation>
    </message>
</context>
<context>
    <name>WelcomePanel</name>
    <message>
        <source>Start setup…</source>
        <translation>セットアップを始める…</translation>
    </message>
    <message>
        <source>Welcome to ChatHub Desktop</source>
        <translation>ChatHub Desktop へようこそ</translation>
    </message>
    <message>
        <source>Chat with your own API keys, keep every conversation on this computer.</source>
        <translation>自分の API キーでチャットし、すべての会話をこのコンピューターに残します。</translation>
    </message>
    <message>
        <source>&lt;b&gt;⋯ → Help → Setup…&lt;/b&gt; (bottom left) adds a provider and an assistant in four short steps.</source>
        <translation>&lt;b&gt;⋯ → ヘルプ → セットアップ…&lt;/b&gt;（左下）で、4 つの短いステップでプロバイダーとアシスタントを追加できます。</translation>
    </message>
    <message>
        <source>Or on your own: &lt;b&gt;Settings → Providers…&lt;/b&gt; (Ctrl+,), then &lt;b&gt;Assistant → New…&lt;/b&gt;; type below and press &lt;b&gt;%1&lt;/b&gt;.&lt;br&gt;Your history: &lt;b&gt;File → Import → Chat history export…&lt;/b&gt; (Ctrl+I: ChatGPT, Claude, Open WebUI, LibreChat).</source>
        <translation>自分で設定する場合：&lt;b&gt;設定 → プロバイダー…&lt;/b&gt;（Ctrl+,）、次に &lt;b&gt;アシスタント → 新規…&lt;/b&gt;。下に入力して &lt;b&gt;%1&lt;/b&gt; を押します。&lt;br&gt;これまでの履歴：&lt;b&gt;ファイル → インポート → チャット履歴のエクスポート…&lt;/b&gt;（Ctrl+I：ChatGPT、Claude、Open WebUI、LibreChat）。</translation>
    </message>
</context>
<context>
    <name>WindowActions</name>
    <message>
        <source>&amp;Compact now</source>
        <translation>今すぐ圧縮</translation>
    </message>
    <message>
        <source>Compacting…</source>
        <translation>圧縮中…</translation>
    </message>
    <message>
        <source>Chat history export…</source>
        <translation>チャット履歴のエクスポート…</translation>
    </message>
    <message>
        <source>Import conversations from a ChatGPT, Claude, Open WebUI or LibreChat export (the format is detected)</source>
        <translation>ChatGPT、Claude、Open WebUI、LibreChat のエクスポートから会話をインポートします（形式は自動判別）</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>終了</translation>
    </message>
    <message>
        <source>Quit ChatHub Desktop (a reply being written is kept as interrupted)</source>
        <translation>ChatHub Desktop を終了します（書きかけの返信は中断として残ります）</translation>
    </message>
    <message>
        <source>&amp;Providers…</source>
        <translation>プロバイダー…</translation>
    </message>
    <message>
        <source>Settings: LLM providers and their API keys, models, the System Agent, tools, storage and appearance (Ctrl+,)</source>
        <translation>設定：LLM プロバイダーと API キー、モデル、システムエージェント、ツール、ストレージ、外観（Ctrl+,）</translation>
    </message>
    <message>
        <source>Back to chats</source>
        <translation>チャットに戻る</translation>
    </message>
    <message>
        <source>Leave Settings or Search for the chats (Esc)</source>
        <translation>設定や検索を離れてチャットに戻ります（Esc）</translation>
    </message>
    <message>
        <source>Open the menu</source>
        <translation>メニューを開く</translation>
    </message>
    <message>
        <source>The app menu: import, topic, assistant, view, help (%1)</source>
        <translation>アプリのメニュー：インポート、トピック、アシスタント、表示、ヘルプ（%1）</translation>
    </message>
    <message>
        <source>&amp;New…</source>
        <translation>新規…</translation>
    </message>
    <message>
        <source>Create an assistant (Alt+A, N)</source>
        <translation>アシスタントを作成（Alt+A, N）</translation>
    </message>
    <message>
        <source>&amp;Edit…</source>
        <translation>編集…</translation>
    </message>
    <message>
        <source>Edit the selected assistant&apos;s settings (Ctrl+E)</source>
        <translation>選択中のアシスタントの設定を編集（Ctrl+E）</translation>
    </message>
    <message>
        <source>&amp;Memory…</source>
        <translation>メモリ…</translation>
    </message>
    <message>
        <source>The selected assistant&apos;s memory: switch, fixed memory and the memory dream (Ctrl+M)</source>
        <translation>選択中のアシスタントのメモリ：スイッチ、固定メモリ、ドリーム（Ctrl+M）</translation>
    </message>
    <message>
        <source>&amp;About ChatHub Desktop</source>
        <translation>Ch&amp;atHub Desktop について</translation>
    </message>
    <message>
        <source>Version, data folder, database and where API keys are kept</source>
        <translation>バージョン、データフォルダー、データベース、API キーの保存場所</translation>
    </message>
    <message>
        <source>Open &amp;data folder</source>
        <translation>データフォルダーを開く</translation>
    </message>
    <message>
        <source>Show the folder holding your data in the file manager</source>
        <translation>データのあるフォルダーをファイルマネージャーで表示</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>キーボードショートカット</translation>
    </message>
    <message>
        <source>Every keyboard shortcut of the window (Ctrl+/)</source>
        <translation>ウィンドウのすべてのキーボードショートカット（Ctrl+/）</translation>
    </message>
    <message>
        <source>&amp;Setup…</source>
        <translation>セットアップ…</translation>
    </message>
    <message>
        <source>The first-run setup: a provider, an assistant, your history</source>
        <translation>初回セットアップ：プロバイダー、アシスタント、チャット履歴</translation>
    </message>
    <message>
        <source>New &amp;topic</source>
        <translation>新しいトピック</translation>
    </message>
    <message>
        <source>Start a new topic with this assistant (Ctrl+N)</source>
        <translation>このアシスタントと新しいトピックを始めます（Ctrl+N）</translation>
    </message>
    <message>
        <source>&amp;Rename topic</source>
        <translation>トピック名を変更</translation>
    </message>
    <message>
        <source>Rename the selected topic (F2)</source>
        <translation>選択中のトピック名を変更（F2）</translation>
    </message>
    <message>
        <source>&amp;Delete topic</source>
        <translation>トピックを削除</translation>
    </message>
    <message>
        <source>Delete the selected topic and its messages (Del)</source>
        <translation>選択中のトピックとそのメッセージを削除（Del）</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop the reply being written, or the compaction running, in this topic (Esc)</source>
        <translation>このトピックで書かれている返信、または実行中の圧縮を止めます（Esc）</translation>
    </message>
    <message>
        <source>View topic &amp;summary…</source>
        <translation>トピックの要約を表示…</translation>
    </message>
    <message>
        <source>The topic&apos;s rolling summary, its model, Copy / Export and the compaction debug log (Ctrl+Shift+S)</source>
        <translation>トピックのローリング要約、そのモデル、コピー / エクスポート、圧縮のデバッグログ（Ctrl+Shift+S）</translation>
    </message>
    <message>
        <source>System &amp;Agent…</source>
        <translation>システムエージェント…</translation>
    </message>
    <message>
        <source>History Compress model, topic naming model and summary archives</source>
        <translation>History Compress モデル、トピック命名モデル、要約アーカイブ</translation>
    </message>
    <message>
        <source>Summarize this topic&apos;s completed turns now with the History Compress model; messages stay (Ctrl+Shift+K)</source>
        <translation>このトピックの完了したターンをHistory Compress モデルで今すぐ要約します。メッセージは残ります（Ctrl+Shift+K）</translation>
    </message>
    <message>
        <source>%1 export…</source>
        <translation>%1 のエクスポート…</translation>
    </message>
    <message>
        <source>Import conversations from a %1 export. %2</source>
        <translation>%1 のエクスポートから会話をインポートします。%2</translation>
    </message>
    <message>
        <source>Menu</source>
        <translation>メニュー</translation>
    </message>
    <message>
        <source>&amp;Import</source>
        <translation>インポート</translation>
    </message>
    <message>
        <source>&amp;Topic</source>
        <translation>トピック</translation>
    </message>
    <message>
        <source>&amp;Assistant</source>
        <translation>アシスタント</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>設定</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>ヘルプ</translation>
    </message>
</context>
<context>
    <name>WindowPages</name>
    <message>
        <source>Memory page</source>
        <translation>メモリページ</translation>
    </message>
    <message>
        <source>No file manager answered; the data folder is %1</source>
        <translation>ファイルマネージャーが応答しません。データフォルダーは %1 です</translation>
    </message>
</context>
</TS>
