/** The words of the order confirmation e-mail in each language of the product. */
import type { LanguageCode } from '@storefront/domain/constants';

export type Copy = {
  subject(venue: string, reservationNumber: string): string;
  heading: string;
  intro(venue: string): string;
  viewTickets: string;
  /** Introduces the bare ticket link in the plain-text version. */
  ticketsAt: string;
  linkFallback: string;
  /** Between a label and its value: full-width in Chinese and Japanese. */
  colon: string;
  reservationNumber: string;
  booking: string;
  product: string;
  date: string;
  entryTime: string;
  allDay: string;
  itemsCaption: string;
  item: string;
  quantity: string;
  amount: string;
  discount: string;
  total: string;
  venue: string;
  address: string;
  contact: string;
  footer: string;
  unsubscribe: string;
};

export const COPY: Record<LanguageCode, Copy> = {
  ja: {
    subject: (venue, no) => `【${venue}】ご予約確定のお知らせ（予約番号：${no}）`,
    heading: 'ご予約ありがとうございます',
    intro: (venue) =>
      `${venue}のチケットのご購入が完了しました。ご来場当日は、下のボタンからチケットを表示し、入場口でQRコードをご提示ください。`,
    viewTickets: 'チケットを表示する',
    ticketsAt: 'ご購入いただいたチケットは、こちらからご覧いただけます。',
    linkFallback: 'ボタンが開かない場合は、次のURLをブラウザに貼り付けてください。',
    colon: '：',
    reservationNumber: '予約番号',
    booking: 'ご予約内容',
    product: 'チケット',
    date: 'ご来場日',
    entryTime: '入場時間',
    allDay: '終日',
    itemsCaption: 'ご購入内容',
    item: '券種',
    quantity: '枚数',
    amount: '金額',
    discount: '割引',
    total: '合計',
    venue: '会場のご案内',
    address: '所在地',
    contact: 'お問い合わせ',
    footer: 'このメールは送信専用アドレスからお送りしています。ご不明な点は、上記のお問い合わせ先までご連絡ください。',
    unsubscribe: 'メールマガジンの配信停止はこちら',
  },
  en: {
    subject: (venue, no) => `${venue}: your booking is confirmed (reservation ${no})`,
    heading: 'Thank you for your booking',
    intro: (venue) =>
      `Your tickets for ${venue} are confirmed. On the day of your visit, open your tickets with the button below and show the QR code at the entrance.`,
    viewTickets: 'View your tickets',
    ticketsAt: 'Your tickets are here:',
    linkFallback: 'If the button does not open, copy this address into your browser:',
    colon: ': ',
    reservationNumber: 'Reservation number',
    booking: 'Your booking',
    product: 'Ticket',
    date: 'Date of visit',
    entryTime: 'Entry time',
    allDay: 'Any time during opening hours',
    itemsCaption: 'What you bought',
    item: 'Ticket type',
    quantity: 'Qty',
    amount: 'Amount',
    discount: 'Discount',
    total: 'Total',
    venue: 'Getting there',
    address: 'Address',
    contact: 'Questions',
    footer:
      'This message comes from an address that does not receive replies. If you have any questions, please write to the contact address above.',
    unsubscribe: 'Unsubscribe from our newsletter',
  },
  'zh-hans': {
    subject: (venue, no) => `【${venue}】预约确认通知（预约编号：${no}）`,
    heading: '感谢您的预约',
    intro: (venue) => `您已成功购买${venue}的门票。参观当天，请点击下方按钮打开门票，并在入口处出示二维码。`,
    viewTickets: '查看门票',
    ticketsAt: '您的门票请通过以下链接查看：',
    linkFallback: '如果按钮无法打开，请将以下网址复制到浏览器中：',
    colon: '：',
    reservationNumber: '预约编号',
    booking: '预约详情',
    product: '门票',
    date: '参观日期',
    entryTime: '入场时间',
    allDay: '全天',
    itemsCaption: '购买明细',
    item: '票种',
    quantity: '数量',
    amount: '金额',
    discount: '优惠',
    total: '合计',
    venue: '场馆信息',
    address: '地址',
    contact: '联系我们',
    footer: '此邮件由系统自动发送，请勿直接回复。如有疑问，请通过上方的联系方式与我们联系。',
    unsubscribe: '退订电子报',
  },
  kr: {
    subject: (venue, no) => `[${venue}] 예약이 확정되었습니다 (예약 번호: ${no})`,
    heading: '예약해 주셔서 감사합니다',
    intro: (venue) =>
      `${venue} 티켓 구매가 완료되었습니다. 방문 당일 아래 버튼을 눌러 티켓을 열고, 입구에서 QR 코드를 보여 주세요.`,
    viewTickets: '티켓 보기',
    ticketsAt: '구매하신 티켓은 아래 링크에서 확인하실 수 있습니다.',
    linkFallback: '버튼이 열리지 않으면 아래 주소를 복사해 브라우저에 붙여 넣어 주세요.',
    colon: ': ',
    reservationNumber: '예약 번호',
    booking: '예약 내용',
    product: '티켓',
    date: '방문일',
    entryTime: '입장 시간',
    allDay: '종일',
    itemsCaption: '구매 내역',
    item: '권종',
    quantity: '매수',
    amount: '금액',
    discount: '할인',
    total: '합계',
    venue: '시설 안내',
    address: '주소',
    contact: '문의',
    footer: '이 메일은 발신 전용 주소에서 발송되었습니다. 궁금한 점은 위 문의처로 연락해 주세요.',
    unsubscribe: '뉴스레터 수신 거부',
  },
  'zh-hant': {
    subject: (venue, no) => `【${venue}】預約確認通知（預約編號：${no}）`,
    heading: '感謝您的預約',
    intro: (venue) => `您已成功購買${venue}的門票。參觀當天，請點選下方按鈕開啟門票，並於入口處出示 QR 碼。`,
    viewTickets: '查看門票',
    ticketsAt: '您的門票請透過以下連結查看：',
    linkFallback: '若按鈕無法開啟，請將以下網址複製到瀏覽器中：',
    colon: '：',
    reservationNumber: '預約編號',
    booking: '預約內容',
    product: '門票',
    date: '參觀日期',
    entryTime: '入場時間',
    allDay: '全天',
    itemsCaption: '購買明細',
    item: '票種',
    quantity: '數量',
    amount: '金額',
    discount: '折扣',
    total: '合計',
    venue: '場館資訊',
    address: '地址',
    contact: '聯絡我們',
    footer: '此郵件由系統自動發送，請勿直接回覆。如有任何疑問，請透過上方的聯絡方式與我們聯繫。',
    unsubscribe: '取消訂閱電子報',
  },
  th: {
    subject: (venue, no) => `[${venue}] ยืนยันการจองเรียบร้อยแล้ว (หมายเลขการจอง ${no})`,
    heading: 'ขอบคุณสำหรับการจอง',
    intro: (venue) => `การซื้อบัตรเข้าชม ${venue} ของคุณเสร็จสมบูรณ์แล้ว ในวันเข้าชม กรุณากดปุ่มด้านล่างเพื่อเปิดบัตร และแสดงคิวอาร์โค้ดที่ทางเข้า`,
    viewTickets: 'ดูบัตรของคุณ',
    ticketsAt: 'ดูบัตรของคุณได้ที่ลิงก์นี้',
    linkFallback: 'หากกดปุ่มไม่ได้ กรุณาคัดลอกลิงก์นี้ไปวางในเบราว์เซอร์',
    colon: ': ',
    reservationNumber: 'หมายเลขการจอง',
    booking: 'รายละเอียดการจอง',
    product: 'บัตร',
    date: 'วันที่เข้าชม',
    entryTime: 'เวลาเข้าชม',
    allDay: 'ทั้งวัน',
    itemsCaption: 'รายการที่ซื้อ',
    item: 'ประเภทบัตร',
    quantity: 'จำนวน',
    amount: 'ราคา',
    discount: 'ส่วนลด',
    total: 'ยอดรวม',
    venue: 'ข้อมูลสถานที่',
    address: 'ที่อยู่',
    contact: 'ติดต่อเรา',
    footer: 'อีเมลนี้ส่งจากระบบอัตโนมัติและไม่สามารถตอบกลับได้ หากมีข้อสงสัย กรุณาติดต่อเราตามช่องทางด้านบน',
    unsubscribe: 'ยกเลิกการรับจดหมายข่าว',
  },
};

/** The `lang` attribute for each language of the product (BCP 47). */
export const HTML_LANG: Record<LanguageCode, string> = {
  ja: 'ja',
  en: 'en',
  'zh-hans': 'zh-Hans',
  kr: 'ko',
  'zh-hant': 'zh-Hant',
  th: 'th',
};
